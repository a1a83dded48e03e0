import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../errors.js';
import { FILE_VIEW_ROLES, roleAllows } from '../domain/operators/roles.js';
import { audit } from '../domain/operators/audit.js';
import { findUploadByName, readUpload } from '../domain/wallet/uploads.js';

/** The stored bytes of an upload; a file missing on disk answers like a missing row. */
export async function readFileOr404(app: FastifyInstance, name: string): Promise<Buffer> {
  try {
    return await readUpload(app.config.dataDir, name);
  } catch {
    throw new AppError('err.not_found', { httpStatus: 404 });
  }
}

/** A private image: its sniffed type, shown inline, sandboxed, never cached by anyone else. */
export function sendImage(reply: FastifyReply, name: string, mime: string, bytes: Buffer) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `inline; filename="${name}.${mime.split('/')[1]}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/**
 * An operator's view of a private file: role checked by the file's kind, and audited before the bytes
 * leave. Only behind `requireOperator` (the session, its TOTP enrolment and its role are checked there).
 */
export async function serveToOperator(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, name: string) {
  const operator = request.operator;
  if (!operator || operator.enrolmentPending) throw unauthorized();
  const row = await findUploadByName(app.db, name);
  if (!row) throw new AppError('err.not_found', { httpStatus: 404 });
  if (!roleAllows(operator.role, FILE_VIEW_ROLES[row.kind] ?? [])) throw new AppError('err.forbidden', { httpStatus: 403, code: 403 });
  const bytes = await readFileOr404(app, row.name);
  await audit(app.db, {
    operatorId: operator.operatorId,
    action: 'upload.view',
    targetType: 'upload',
    targetId: row.name,
    detail: { kind: row.kind, owner: row.userId },
    ip: request.ip,
    at: app.clock.now(),
  });
  return sendImage(reply, row.name, row.mime, bytes);
}
