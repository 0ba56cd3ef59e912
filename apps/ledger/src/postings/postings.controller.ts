import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiException, Caller, CurrentCaller, ErrorBody } from '@payments/http';
import { CreatePostingsDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingsService, PostingView } from '@ledger/postings/postings.service';

/** One posting of a batch: 201 made, 200 a repeat of one made before, or the error that refused it. */
export type PostingBatchResult =
  { status: 200 | 201; posting: PostingView } | { status: number; error: ErrorBody };

/** Internal (the gateway does not route /internal): other apps move money on the caller's behalf. */
@ApiExcludeController()
@Controller('internal/postings')
export class PostingsController {
  constructor(private readonly postings: PostingsService) {}

  /**
   * Many postings of one caller in one database transaction (the reserves of concurrent requests, a
   * settlement worker's due batch), answered in their order; a refused one leaves the others alone,
   * so the call itself is a 200.
   */
  @Post('batch')
  @HttpCode(200)
  async postAll(
    @CurrentCaller() caller: Caller,
    @Body() body: CreatePostingsDto,
  ): Promise<{ results: PostingBatchResult[] }> {
    const results = await this.postings.postAll(caller, body.postings);
    return {
      results: results.map((result) =>
        result instanceof ApiException
          ? { status: result.status, error: result.toBody() }
          : { status: result.created ? 201 : 200, posting: result.posting },
      ),
    };
  }
}
