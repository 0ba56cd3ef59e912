import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '@payments/http';
import type { FastifyReply } from 'fastify';
import { CreatePostingDto } from '@ledger/postings/dto/create-posting.dto';
import { PostingsService, PostingView } from '@ledger/postings/postings.service';

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
}
