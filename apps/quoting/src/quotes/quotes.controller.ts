import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, IDEMPOTENCY_KEY_HEADER, otherAppSchema, Page } from '@payments/http';
import { CreateQuoteDto } from '@quoting/quotes/dto/create-quote.dto';
import { ListQuotesQuery } from '@quoting/quotes/dto/list-quotes.query';
import { SandboxSendDto } from '@quoting/quotes/dto/sandbox-send.dto';
import { QuoteList } from '@quoting/quotes/quote-list';
import { QuotePage, QuoteView } from '@quoting/quotes/quote.view';
import { QuotesService } from '@quoting/quotes/quotes.service';
import { TransactionView } from '@quoting/execution/quote-transfers.client';

const NOT_FOUND = { description: "QUOTE_NOT_FOUND, also for another platform's or environment's quote" };

@ApiTags('Quotes')
@ApiBasicAuth()
@Controller()
export class QuotesController {
  constructor(
    private readonly quotes: QuotesService,
    private readonly quoteList: QuoteList,
  ) {}

  @Post('quotes')
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOperation({ summary: 'Price a cross-currency payment, locking the sending or the receiving amount' })
  @ApiCreatedResponse({ type: QuoteView })
  @ApiBadRequestResponse({
    description:
      'INVALID_INPUT (every bad field; same-currency requests, which use transfer-in/out); AMOUNT_OUT_OF_RANGE; INVALID_CURRENCY',
  })
  @ApiNotFoundResponse({ description: 'ACCOUNT_NOT_FOUND' })
  @ApiUnprocessableEntityResponse({
    description: 'ACCOUNT_NOT_ACTIVE; INSUFFICIENT_BALANCE with immediatelyExecute',
  })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateQuoteDto): Promise<QuoteView> {
    return this.quotes.create(caller, body);
  }

  @Get('quotes')
  @ApiOperation({ summary: 'List quotes, newest first' })
  @ApiOkResponse({ type: QuotePage })
  list(@CurrentCaller() caller: Caller, @Query() query: ListQuotesQuery): Promise<Page<QuoteView>> {
    return this.quoteList.page(caller, query);
  }

  @Get('quotes/:quoteId')
  @ApiOkResponse({ type: QuoteView })
  @ApiNotFoundResponse(NOT_FOUND)
  get(@CurrentCaller() caller: Caller, @Param('quoteId') quoteId: string): Promise<QuoteView> {
    return this.quotes.get(caller, quoteId);
  }

  @Post('quotes/:quoteId/execute')
  @HttpCode(200)
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOperation({ summary: 'Execute a PENDING quote from its internal account: the quote turns PROCESSING' })
  @ApiOkResponse({ type: QuoteView })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse({ description: 'QUOTE_EXPIRED (after expiresAt); QUOTE_NOT_PENDING' })
  @ApiUnprocessableEntityResponse({
    description: 'INSUFFICIENT_BALANCE (the quote stays PENDING); ACCOUNT_NOT_ACTIVE',
  })
  execute(@CurrentCaller() caller: Caller, @Param('quoteId') quoteId: string): Promise<QuoteView> {
    return this.quotes.execute(caller, quoteId);
  }

  @Post('sandbox/send')
  @HttpCode(200)
  @ApiTags('Sandbox')
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOperation({ summary: "Sandbox: the platform's payment for a REALTIME_FUNDING quote arrives" })
  @ApiOkResponse({
    description: 'The OUTGOING transaction the quote made',
    schema: otherAppSchema('TransactionView'),
  })
  @ApiNotFoundResponse({ description: 'QUOTE_NOT_FOUND; REFERENCE_NOT_FOUND' })
  @ApiBadRequestResponse({ description: 'INVALID_CURRENCY; INVALID_AMOUNT: not the quote total' })
  @ApiConflictResponse({ description: 'QUOTE_EXPIRED; QUOTE_NOT_PENDING' })
  send(@CurrentCaller() caller: Caller, @Body() body: SandboxSendDto): Promise<TransactionView> {
    return this.quotes.receiveFunds(caller, body);
  }
}
