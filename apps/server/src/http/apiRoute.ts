import type { FastifySchema } from 'fastify';
import type { GuardKind } from './guards.js';

/** One registered route as the route table records it (the fuzz suite and the OpenAPI document use it). */
export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** Who may call it: the guard in its preValidation, or 'public'. */
  access: GuardKind | 'public';
  /** For an operator route guarded by role: the roles it accepts (admin always among them); absent for any operator session. */
  roles?: readonly string[];
  bodyLimit: number;
  /** It answers a never-ending Server-Sent Events stream on valid input (inject it only with bad input, or listen). */
  eventStream: boolean;
}
