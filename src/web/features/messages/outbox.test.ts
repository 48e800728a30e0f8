import type { MutationState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import type { MessageView } from '@shared/messages';
import { MESSAGE_TEXT } from '@shared/messages';
import { SAFETY_TEXT } from '@shared/safety';
import { isConnectionProblem, lostConnection, newClientId, outgoingFrom, type ReadState, type SendVariables, sendFailureToast } from './outbox';

type SendState = MutationState<MessageView, unknown, SendVariables>;
const state = (over: Partial<SendState>): SendState => ({
  context: undefined,
  data: undefined,
  error: null,
  failureCount: 0,
  failureReason: null,
  isPaused: false,
  status: 'pending',
  variables: { content: 'yes', clientId: 'c1' },
  submittedAt: 1,
  ...over,
});
const down = new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
const unavailable = new ApiError(503, 'unavailable', 'Service unavailable.');
const tooFast = new ApiError(429, 'too_many_requests', 'You are sending messages too quickly. Please wait a minute and try again.');

describe('outgoingFrom', () => {
  it('shows the send in flight as sending and the ones waiting behind it (or for the network) as queued', () => {
    expect(outgoingFrom(3, state({}))).toEqual({ key: 3, content: 'yes', status: 'sending' });
    expect(outgoingFrom(4, state({ isPaused: true, variables: { content: 'and you?', clientId: 'c2' } }))).toEqual({ key: 4, content: 'and you?', status: 'queued' });
  });

  it('keeps a failed send, with the reason only when the user can act on it', () => {
    expect(outgoingFrom(5, state({ status: 'error', error: tooFast }))).toEqual({ key: 5, content: 'yes', status: 'failed', reason: tooFast.message });
    expect(outgoingFrom(5, state({ status: 'error', error: down }))).toEqual({ key: 5, content: 'yes', status: 'failed', reason: down.message });
    expect(outgoingFrom(5, state({ status: 'error', error: new ApiError(500, 'internal_error', 'Something went wrong.') }))).toEqual({
      key: 5,
      content: 'yes',
      status: 'failed',
      reason: undefined,
    });
  });

  it('shows nothing for a send that succeeded (the conversation shows it) or has not started', () => {
    expect(outgoingFrom(6, state({ status: 'success' }))).toBeNull();
    expect(outgoingFrom(7, state({ status: 'idle', variables: undefined }))).toBeNull();
  });
});

describe('lostConnection', () => {
  const read = (over: Partial<ReadState>): ReadState => ({ status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null, ...over });

  it('is true from the first failed read, while retrying, and once the read has failed', () => {
    expect(lostConnection(read({ fetchFailureCount: 1, fetchFailureReason: down }))).toBe(true);
    expect(lostConnection(read({ status: 'error', error: unavailable, fetchFailureCount: 3, fetchFailureReason: unavailable }))).toBe(true);
    // A new read after the failure resets the failure count, but the query is still in error.
    expect(lostConnection(read({ status: 'error', error: unavailable }))).toBe(true);
  });

  it('is false when reads succeed, and for a refusal, which waiting does not fix', () => {
    expect(lostConnection(read({}))).toBe(false);
    expect(lostConnection(read({ status: 'error', error: new ApiError(404, 'not_found', 'User not found') }))).toBe(false);
    expect(isConnectionProblem(tooFast)).toBe(false);
    expect(isConnectionProblem(new Error('not from the API'))).toBe(false);
  });
});

describe('newClientId', () => {
  it('makes a fresh version 4 UUID each time, which the server accepts as clientId', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newClientId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('sendFailureToast', () => {
  it('says a blocked pair cannot message each other, without asking to try again', () => {
    const toast = sendFailureToast(new ApiError(403, 'forbidden', SAFETY_TEXT.cannotInteract));
    expect(toast).toEqual({ title: "You can't message this person." });
    expect(JSON.stringify(toast)).not.toMatch(/try again/i);
  });

  it('names any other refusal as not sent, with the reason', () => {
    expect(sendFailureToast(new ApiError(403, 'forbidden', MESSAGE_TEXT.cannotMessage))).toEqual({ title: 'Message not sent', description: MESSAGE_TEXT.cannotMessage });
    expect(sendFailureToast(new ApiError(404, 'not_found', MESSAGE_TEXT.userNotFound))).toEqual({ title: 'Message not sent', description: MESSAGE_TEXT.userNotFound });
  });

  it("keeps the spec's 'Please try again' for failures that may pass", () => {
    expect(sendFailureToast(down)).toEqual({ title: MESSAGE_TEXT.sendFailed, description: down.message });
    expect(sendFailureToast(tooFast)).toEqual({ title: MESSAGE_TEXT.sendFailed, description: tooFast.message });
    expect(sendFailureToast(unavailable)).toEqual({ title: MESSAGE_TEXT.sendFailed, description: undefined });
  });
});
