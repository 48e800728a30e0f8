/** Logging inside a request: every line carries the request id. */
export interface RequestLogger {
  debug(fields: object | string, msg?: string): void;
  info(fields: object | string, msg?: string): void;
  warn(fields: object | string, msg?: string): void;
  error(fields: object | string, msg?: string): void;
}

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
    logger: RequestLogger;
    /** Set by requireUser and requireAdmin (routes declared `user` or `admin`). */
    user: AuthedUser;
    /** The request's one session lookup, shared by the guard and the handler (currentUser). */
    viewer: Promise<AuthedUser | null>;
  };
}
