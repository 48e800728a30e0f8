import type { Logger } from '../logger';

export interface AuthedUser {
  id: string;
  email: string;
  emailVerified: boolean;
  username: string;
  name: string;
}

/** Per-request values every handler can read with c.get(). */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by requireUser. */
    user: AuthedUser;
  };
}
