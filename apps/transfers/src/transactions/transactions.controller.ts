import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import { ListTransactionsQuery } from '@transfers/transactions/dto/list-transactions.query';
import { TransactionHistoryService } from '@transfers/transactions/transaction-history.service';
import { TransactionHistoryView } from '@transfers/transactions/transaction-history.view';
import { TransactionPage, TransactionView } from '@transfers/transactions/transaction.view';
import { TransactionsService } from '@transfers/transactions/transactions.service';

@ApiTags('Transactions')
@ApiBasicAuth()
@Controller('transactions')
export class TransactionsController {
  constructor(
    private readonly transactions: TransactionsService,
    private readonly histories: TransactionHistoryService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List transactions, newest first unless sortOrder=asc' })
  @ApiOkResponse({ type: TransactionPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad filter, limit or cursor' })
  list(
    @CurrentCaller() caller: Caller,
    @Query() query: ListTransactionsQuery,
  ): Promise<Page<TransactionView>> {
    return this.transactions.list(caller, query);
  }

  @Get(':transactionId')
  @ApiOperation({ summary: 'Get a transaction' })
  @ApiOkResponse({ type: TransactionView })
  @ApiNotFoundResponse({
    description: "TRANSACTION_NOT_FOUND, also for another platform's or environment's transaction",
  })
  get(
    @CurrentCaller() caller: Caller,
    @Param('transactionId') transactionId: string,
  ): Promise<TransactionView> {
    return this.transactions.get(caller, transactionId);
  }

  @Get(':transactionId/history')
  @ApiOperation({ summary: "A transaction's timeline: its creation, then each status change, oldest first" })
  @ApiOkResponse({ type: TransactionHistoryView })
  @ApiNotFoundResponse({
    description: "TRANSACTION_NOT_FOUND, also for another platform's or environment's transaction",
  })
  history(
    @CurrentCaller() caller: Caller,
    @Param('transactionId') transactionId: string,
  ): Promise<TransactionHistoryView> {
    return this.histories.history(caller, transactionId);
  }
}
