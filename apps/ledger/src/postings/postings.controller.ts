import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { ApiException, Caller, CurrentCaller, ErrorBody } from '@payments/http';
import type { FastifyReply } from 'fastify';
import { CreatePostingDto, CreatePostingsDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingsService, PostingView } from '@ledger/postings/postings.service';

/** One posting of a batch: the status the single endpoint would answer it with, and its body. */
export type PostingBatchResult =
  { status: 200 | 201; posting: PostingView } | { status: number; error: ErrorBody };

/** Internal (the gateway does not route /internal): other apps move money on the caller's behalf. */
@ApiExcludeController()
@Controller('internal/postings')
export class PostingsController {
  constructor(private readonly postings: PostingsService) {}

  @Post()
  async post(
    @CurrentCaller() caller: Caller,
    @Body() body: CreatePostingDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PostingView> {
    const { posting, created } = await this.postings.post(caller, body);
    // A repeated (transactionId, kind) moved nothing: 200 with the first result, not 201.
    if (!created) void reply.status(200);
    return posting;
  }

  /**
   * Many postings of one caller in one database transaction (a settlement worker's due batch),
   * answered in their order; a refused one leaves the others alone, so the call itself is a 200.
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
