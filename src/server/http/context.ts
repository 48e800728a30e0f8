import type { Logger } from '../logger';

/** Per-request values every handler can read with c.get(). */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
