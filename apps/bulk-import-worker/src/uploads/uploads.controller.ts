import { Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBasicAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiRequestTimeoutResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import type { FastifyRequest } from 'fastify';
import { UploadAcceptedView } from '@bulk-import/jobs/import-job.view';
import { FILE_PART } from '@bulk-import/uploads/csv-upload.reader';
import { UploadsService } from '@bulk-import/uploads/uploads.service';

@ApiTags('Customers')
@ApiBasicAuth()
@Controller('customers/bulk')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  @Post('csv')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Import customers from a CSV file',
    description:
      'Columns: umaAddress, platformCustomerId, customerType; fullName, birthDate (individuals) or ' +
      'businessLegalName (businesses); addressLine1, city, state, postalCode, country; optional addressLine2, ' +
      'platformAccountId, description, email, nationality, businessRegistrationNumber, businessTaxId and the bank columns ' +
      'accountType, accountNumber, routingNumber, accountCategory, clabeNumber, pixKey, pixKeyType, iban, swiftBic, ' +
      'bankName (an external account for the customer). UTF-8, comma-separated, a header row first. The rows are ' +
      'imported asynchronously: follow the job at GET /customers/bulk/jobs/{jobId} or wait for the BULK_UPLOAD webhook.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [FILE_PART],
      properties: { [FILE_PART]: { type: 'string', format: 'binary', description: 'The CSV file' } },
    },
  })
  @ApiAcceptedResponse({ type: UploadAcceptedView })
  @ApiBadRequestResponse({
    description:
      'INVALID_INPUT: not multipart, no part "file", an empty file, a header without a required column ' +
      '(details.missingColumns), or a record longer than BULK_MAX_RECORD_BYTES or wider than BULK_MAX_COLUMNS (details.row)',
  })
  @ApiRequestTimeoutResponse({
    description: 'REQUEST_TIMEOUT: nothing of the upload arrived for BULK_UPLOAD_IDLE_TIMEOUT_MS',
  })
  @ApiTooManyRequestsResponse({
    description:
      'RATE_LIMITED: the platform already has BULK_MAX_CONCURRENT_UPLOADS_PER_PLATFORM uploads running',
  })
  @ApiPayloadTooLargeResponse({
    description: 'PAYLOAD_TOO_LARGE: more than BULK_MAX_ROWS rows or BULK_MAX_BYTES bytes',
  })
  upload(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest): Promise<UploadAcceptedView> {
    return this.uploads.accept(caller, request.raw);
  }
}
