import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES, normalizeLang } from '@lucky28/shared';
import { AppError, unauthorized } from '../../errors.js';
import { tokenOf } from '../../plugins/auth.js';
import { input } from '../../http/input.js';
import { isOperatorToken } from '../../domain/operators/sessions.js';
import { FILE_VIEW_ROLES, roleAllows } from '../../domain/operators/roles.js';
import { audit } from '../../domain/operators/audit.js';
import {
  findUploadByName,
  isUploadKind,
  readUpload,
  sniffImage,
  storeUpload,
  uploadUrl,
  type UploadKind,
} from '../../domain/wallet/uploads.js';

interface ReceivedForm {
  fields: Record<string, string>;
  file?: { bytes: Buffer; truncated: boolean };
}

/**
 * Reads a multipart form: its text fields and the first file part (only the first chosen file is
 * used, spec §4). A file is read up to the 5 MB limit; beyond it the part is marked truncated.
 */
async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  const form: ReceivedForm = { fields: {} };
  if (!request.isMultipart()) return form;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (form.file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      form.file = { bytes: Buffer.concat(chunks), truncated: part.file.truncated };
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  // Messages follow the form's own `lang` field (the body of a multipart request is not parsed as JSON).
  if (form.fields.lang) {
    request.lang = normalizeLang(form.fields.lang);
    request.body = { lang: form.fields.lang };
  }
  return form;
}

/** Spec §5 order: no file → "please select an image"; not an image by content → "select an image"; > 5 MB → size message. */
function checkedImage(form: ReceivedForm): { bytes: Buffer; mime: string } {
  if (!form.file || (form.file.bytes.length === 0 && !form.file.truncated)) throw new AppError('err.image_required', { field: 'file' });
  const mime = sniffImage(form.file.bytes);
  if (!mime) throw new AppError('err.image_type', { field: 'file' });
  if (form.file.truncated || form.file.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('err.image_too_large', { field: 'file' });
  return { bytes: form.file.bytes, mime };
}

/**
 * Private uploads (DESIGN §7): common/upload (type recharge_screenshot or idcard), the deposit
 * screenshot's own call user/uploadRechargeScreenshot, and common/file/<name> to read one back —
 * by its owner's token, or an operator's whose role covers the kind of file (every such view audited).
 */
export default async function commonRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 10, fieldSize: 1000, parts: 14 },
  });

  const upload = async (request: FastifyRequest, reply: FastifyReply, fixedKind?: UploadKind) => {
    const form = await receiveForm(request);
    const kind = fixedKind ?? form.fields.type ?? input(request).type;
    if (!isUploadKind(kind)) throw new AppError('err.upload_type_invalid', { field: 'type' });
    const image = checkedImage(form);
    const row = await storeUpload(app.db, {
      dataDir: app.config.dataDir,
      userId: request.user!.userId,
      kind,
      bytes: image.bytes,
      mime: image.mime,
      now: app.clock.now(),
    });
    return reply.ok({ url: uploadUrl(row.name), name: row.name, type: kind, mime: row.mime, size: row.size }, 'msg.upload_success');
  };

  const routeOptions = { preHandler: app.requireMember, config: { rateLimit: app.rateLimits.upload } };
  app.post('/api/common/upload', routeOptions, (request, reply) => upload(request, reply));
  app.post('/api/user/uploadRechargeScreenshot', routeOptions, (request, reply) => upload(request, reply, 'recharge_screenshot'));

  app.get<{ Params: { name: string } }>('/api/common/file/:name', async (request, reply) => {
    const token = tokenOf(request);
    if (!token) throw unauthorized();
    if (isOperatorToken(token)) return serveToOperator(app, request, reply);
    const user = await app.optionalUser(request);
    if (!user) throw unauthorized();
    const row = await findUploadByName(app.db, request.params.name);
    // Someone else's file answers exactly like a missing one.
    if (!row || row.userId !== user.userId) throw new AppError('err.not_found', { httpStatus: 404 });
    return sendImage(reply, row.name, row.mime, await readFileOr404(app, row.name));
  });
}

async function readFileOr404(app: FastifyInstance, name: string): Promise<Buffer> {
  try {
    return await readUpload(app.config.dataDir, name);
  } catch {
    throw new AppError('err.not_found', { httpStatus: 404 });
  }
}

function sendImage(reply: FastifyReply, name: string, mime: string, bytes: Buffer) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `inline; filename="${name}.${mime.split('/')[1]}"`)
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** An operator's view of a private file: role checked by the file's kind, and audited before the bytes leave. */
export async function serveToOperator(app: FastifyInstance, request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
  const operator = request.operator ?? (await app.optionalOperator(request));
  if (!operator) throw unauthorized();
  const row = await findUploadByName(app.db, request.params.name);
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
