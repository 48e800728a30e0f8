import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { SAFETY_TEXT } from '@shared/safety';
import { FOLLOW_RATE_LIMITED } from '@shared/social';
import { followErrorDescription } from './follow-error';

const SPEC = 'Failed to follow/unfollow user. Please try again.';

describe('followErrorDescription', () => {
  it("shows the server's message when it refused for going too fast", () => {
    expect(followErrorDescription(new ApiError(429, 'rate_limited', FOLLOW_RATE_LIMITED), SPEC)).toBe("You're following and unfollowing too quickly. Please try again later.");
  });

  it("shows the server's message when a block stands between the two (issue 20)", () => {
    expect(followErrorDescription(new ApiError(403, 'forbidden', SAFETY_TEXT.cannotInteract), SPEC)).toBe("You can't interact with this user.");
  });

  it("keeps the spec's text for any other failure", () => {
    expect(followErrorDescription(new ApiError(500, 'internal_error', 'Something went wrong on our side.'), SPEC)).toBe(SPEC);
    expect(followErrorDescription(new ApiError(0, 'network_error', 'Could not reach the server.'), SPEC)).toBe(SPEC);
    expect(followErrorDescription(new Error('boom'), SPEC)).toBe(SPEC);
  });
});
