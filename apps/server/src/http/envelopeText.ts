/** The API envelope's text, written without Fastify (for answers cached whole or sent outside it), and the caller's language. */
import { normalizeLang, translate, type ApiLang } from '@lucky28/shared';

/** Seconds since the epoch, as the envelope's `time`. */
export const now = () => Math.floor(Date.now() / 1000);

/** The success envelope around already serialised `data`, as okJson sends it (also for answers cached whole). */
export function okEnvelopeJson(lang: ApiLang, dataJson: string, time = now()): string {
  return `{"code":1,"msg":${JSON.stringify(translate(lang, 'msg.ok'))},"time":${time},"data":${dataJson}}`;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The caller's language: `lang` from the body or query when sent, else the first Accept-Language entry. */
export function langFrom(param: unknown, acceptLanguage: string | string[] | undefined): ApiLang {
  if (param !== undefined) return normalizeLang(param);
  return normalizeLang(typeof acceptLanguage === 'string' ? acceptLanguage.split(',')[0]?.trim() : undefined);
}
