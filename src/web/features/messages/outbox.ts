import type { MutationState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { MESSAGE_TEXT, type MessageView } from '@shared/messages';
import { SAFETY_TEXT } from '@shared/safety';

/**
 * Pure rules of the chat's outgoing messages and of a lost connection, apart from React so that
 * they can be tested alone. The queue itself is TanStack Query's: every send is a mutation in one
 * scope per conversation, so sends run one at a time in the order they were made.
 */
export interface SendVariables {
  content: string;
  /** Made once per message and kept through retries, so the server stores it once (see sendMessageSchema). */
  clientId: string;
}

export type OutgoingStatus = 'sending' | 'queued' | 'failed';

/** A message the server has not confirmed yet: on its way, waiting behind another, or failed. */
export interface OutgoingMessage {
  /** The mutation's id: a retry is a new mutation, so a new key. */
  key: number;
  content: string;
  status: OutgoingStatus;
  /** Why it failed, when the user can act on it. */
  reason?: string;
}

/** A failure that waiting can fix: no answer, or a server error (not a refusal such as 403 or 429). */
export function isConnectionProblem(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/** The server's reason when it is one the user can act on (too fast, cannot receive), else nothing. */
export function sendFailureReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 0) return error.message;
  return [400, 403, 404, 429].includes(error.status) ? error.message : undefined;
}

/**
 * The toast of a failed send. Only a failure that may pass (no answer, a server error, too fast)
 * keeps the spec's 'Failed to send message. Please try again.'; a refusal says what happened, since
 * trying again cannot help: between a blocked pair, that this person cannot be messaged.
 */
export function sendFailureToast(error: unknown): { title: string; description?: string } {
  if (error instanceof ApiError && error.status === 403 && error.message === SAFETY_TEXT.cannotInteract) return { title: MESSAGE_TEXT.blockedSend };
  if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return { title: MESSAGE_TEXT.sendRefused, description: error.message };
  return { title: MESSAGE_TEXT.sendFailed, description: sendFailureReason(error) };
}

/**
 * What one send mutation shows: in flight, queued (paused behind an earlier send of the same
 * conversation, or until the browser is online), failed; nothing once it succeeded (the message
 * is then shown from the conversation) or before it started.
 */
export function outgoingFrom(key: number, state: MutationState<MessageView, unknown, SendVariables>): OutgoingMessage | null {
  const content = state.variables?.content;
  if (content === undefined) return null;
  if (state.status === 'pending') return { key, content, status: state.isPaused ? 'queued' : 'sending' };
  if (state.status === 'error') return { key, content, status: 'failed', reason: sendFailureReason(state.error) };
  return null;
}

/** The part of a query's state that tells whether its last reads failed for want of a connection. */
export interface ReadState {
  status: 'pending' | 'error' | 'success';
  error: unknown;
  fetchFailureCount: number;
  fetchFailureReason: unknown;
}

/**
 * True from the first failed read (while the query still retries) until a read succeeds again;
 * a refusal (404, 401) is not a lost connection.
 */
export function lostConnection(state: ReadState): boolean {
  return (state.status === 'error' && isConnectionProblem(state.error)) || (state.fetchFailureCount > 0 && isConnectionProblem(state.fetchFailureReason));
}

/**
 * A UUID v4 for one outgoing message. crypto.randomUUID exists only on secure origins (https or
 * localhost), and the app may be opened over plain http on a LAN address: getRandomValues works on both.
 */
export function newClientId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
