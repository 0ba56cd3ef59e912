import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { Caller, CurrentCaller, Page } from '@payments/http';
import { CustomerBodyPipe } from '@customers/customers/customer-body.pipe';
import {
  BusinessCustomerView,
  CustomerPage,
  customerTypeSchema,
  CustomerView,
  IndividualCustomerView,
} from '@customers/customers/customer.view';
import { CustomerList } from '@customers/customers/customer-list';
import { CustomersService } from '@customers/customers/customers.service';
import {
  CreateBusinessCustomerDto,
  CreateCustomerDto,
  CreateIndividualCustomerDto,
} from '@customers/customers/dto/create-customer.dto';
import {
  BusinessCustomerFieldsDto,
  CustomerFieldsDto,
  IndividualCustomerFieldsDto,
} from '@customers/customers/dto/customer-fields.dto';
import { ListCustomersQuery } from '@customers/customers/dto/list-customers.query';

const CUSTOMER_RESPONSE = customerTypeSchema(IndividualCustomerView, BusinessCustomerView);
const BAD_CUSTOMER_BODY = {
  description:
    "INVALID_INPUT, with every bad field in details.errors; MISSING_MANDATORY_USER_INFO, naming what the platform's currencies require",
};
const TAKEN = {
  description:
    'CONFLICT: a live customer has the platformCustomerId; UMA_ADDRESS_EXISTS: the UMA address is taken',
};
const NOT_FOUND = { description: "USER_NOT_FOUND, also for another platform's or environment's customer" };
const DELETED = { description: 'CUSTOMER_DELETED: the customer was deleted and cannot change' };

@ApiTags('Customers')
@ApiBasicAuth()
@ApiExtraModels(
  CreateIndividualCustomerDto,
  CreateBusinessCustomerDto,
  IndividualCustomerFieldsDto,
  BusinessCustomerFieldsDto,
  IndividualCustomerView,
  BusinessCustomerView,
)
@Controller('customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly customerList: CustomerList,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create a customer' })
  @ApiBody({ schema: customerTypeSchema(CreateIndividualCustomerDto, CreateBusinessCustomerDto) })
  @ApiCreatedResponse({ schema: CUSTOMER_RESPONSE })
  @ApiBadRequestResponse(BAD_CUSTOMER_BODY)
  @ApiConflictResponse(TAKEN)
  create(
    @CurrentCaller() caller: Caller,
    @Body(
      new CustomerBodyPipe({ INDIVIDUAL: CreateIndividualCustomerDto, BUSINESS: CreateBusinessCustomerDto }),
    )
    body: CreateCustomerDto,
  ): Promise<CustomerView> {
    return this.customers.create(caller, body);
  }

  @Get()
  @ApiOperation({ summary: 'List customers, newest first' })
  @ApiOkResponse({ type: CustomerPage })
  @ApiBadRequestResponse({ description: 'INVALID_INPUT: a bad filter, limit or cursor' })
  list(@CurrentCaller() caller: Caller, @Query() query: ListCustomersQuery): Promise<Page<CustomerView>> {
    return this.customerList.page(caller, query);
  }

  @Get(':customerId')
  @ApiOperation({ summary: 'Get a customer, deleted ones included' })
  @ApiOkResponse({ schema: CUSTOMER_RESPONSE })
  @ApiNotFoundResponse(NOT_FOUND)
  get(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string): Promise<CustomerView> {
    return this.customers.get(caller, customerId);
  }

  @Patch(':customerId')
  @ApiOperation({ summary: "Update a customer's fields; customerType must be the customer's own" })
  @ApiBody({ schema: customerTypeSchema(IndividualCustomerFieldsDto, BusinessCustomerFieldsDto) })
  @ApiOkResponse({ schema: CUSTOMER_RESPONSE })
  @ApiBadRequestResponse(BAD_CUSTOMER_BODY)
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiConflictResponse(TAKEN)
  @ApiGoneResponse(DELETED)
  update(
    @CurrentCaller() caller: Caller,
    @Param('customerId') customerId: string,
    @Body(
      new CustomerBodyPipe({ INDIVIDUAL: IndividualCustomerFieldsDto, BUSINESS: BusinessCustomerFieldsDto }),
    )
    body: CustomerFieldsDto,
  ): Promise<CustomerView> {
    return this.customers.update(caller, customerId, body);
  }

  @Delete(':customerId')
  @ApiOperation({ summary: 'Delete a customer (soft delete); returns it with isDeleted true' })
  @ApiOkResponse({ schema: CUSTOMER_RESPONSE })
  @ApiNotFoundResponse(NOT_FOUND)
  @ApiGoneResponse(DELETED)
  delete(@CurrentCaller() caller: Caller, @Param('customerId') customerId: string): Promise<CustomerView> {
    return this.customers.delete(caller, customerId);
  }
}
