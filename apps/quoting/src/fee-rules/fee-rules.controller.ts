import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import { CreateFeeRuleDto } from '@quoting/fee-rules/dto/create-fee-rule.dto';
import { ListFeeRulesQuery } from '@quoting/fee-rules/dto/list-fee-rules.query';
import { UpdateFeeRuleDto } from '@quoting/fee-rules/dto/update-fee-rule.dto';
import { FeeRuleList, FeeRuleView } from '@quoting/fee-rules/fee-rule.view';
import { FeeRulesService } from '@quoting/fee-rules/fee-rules.service';

const BAD_RULE = {
  description:
    'INVALID_INPUT, with every bad field in details.errors: a missing or uncharged component, a value out of range',
};
const NOT_FOUND = { description: "FEE_RULE_NOT_FOUND, also for another platform's or environment's rule" };
const NOT_ALLOWED = { description: 'FORBIDDEN: changing fee rules needs the MANAGE permission' };

@ApiTags('Fee Rules')
@ApiBasicAuth()
@Controller('fee-rules')
export class FeeRulesController {
  constructor(private readonly rules: FeeRulesService) {}

  @Post()
  @ApiOperation({ summary: 'Create the fee rule of a transaction type' })
  @ApiCreatedResponse({ type: FeeRuleView })
  @ApiBadRequestResponse(BAD_RULE)
  @ApiForbiddenResponse(NOT_ALLOWED)
  @ApiConflictResponse({ description: 'FEE_RULE_EXISTS: the transaction type already has a rule' })
  create(@CurrentCaller() caller: Caller, @Body() body: CreateFeeRuleDto): Promise<FeeRuleView> {
    return this.rules.create(caller, body);
  }

  @Get()
  @ApiOperation({ summary: 'List the fee rules, newest first, disabled ones included' })
  @ApiOkResponse({ type: FeeRuleList })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad filter' })
  list(@CurrentCaller() caller: Caller, @Query() query: ListFeeRulesQuery): Promise<FeeRuleList> {
    return this.rules.list(caller, query);
  }

  @Get(':feeRuleId')
  @ApiOperation({ summary: 'Get a fee rule' })
  @ApiOkResponse({ type: FeeRuleView })
  @ApiNotFoundResponse(NOT_FOUND)
  get(@CurrentCaller() caller: Caller, @Param('feeRuleId') feeRuleId: string): Promise<FeeRuleView> {
    return this.rules.get(caller, feeRuleId);
  }

  @Patch(':feeRuleId')
  @ApiOperation({
    summary: 'Change the components of a fee rule, or enable or disable it',
    description: 'transactionType and feeType cannot change: delete the rule and create a new one.',
  })
  @ApiOkResponse({ type: FeeRuleView })
  @ApiBadRequestResponse(BAD_RULE)
  @ApiForbiddenResponse(NOT_ALLOWED)
  @ApiNotFoundResponse(NOT_FOUND)
  update(
    @CurrentCaller() caller: Caller,
    @Param('feeRuleId') feeRuleId: string,
    @Body() body: UpdateFeeRuleDto,
  ): Promise<FeeRuleView> {
    return this.rules.update(caller, feeRuleId, body);
  }

  @Delete(':feeRuleId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a fee rule; new quotes of its transaction type carry no platform fee' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiForbiddenResponse(NOT_ALLOWED)
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(@CurrentCaller() caller: Caller, @Param('feeRuleId') feeRuleId: string): Promise<void> {
    await this.rules.delete(caller, feeRuleId);
  }
}
