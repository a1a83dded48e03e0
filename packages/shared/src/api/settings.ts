import { siteConfigData } from '../schemas/adminSettings.js';
import { noInput } from '../schemas/fields.js';
import { publicAccess } from '../access.js';
import { defineCall } from './define.js';

/** The operator's settings players see. Server: apps/server/src/routes/settings/. */
export const settings = {
  siteConfig: defineCall({
    method: 'GET',
    path: '/api/common/siteConfig',
    access: publicAccess,
    summary: 'The settings players see (version label, minimum withdrawal, whether a support chat is configured, the lines), read fresh on every call.',
    input: noInput,
    answer: siteConfigData,
  }),
  siteConfigPost: defineCall({
    method: 'POST',
    path: '/api/common/siteConfig',
    access: publicAccess,
    summary: 'The same as GET common/siteConfig, for clients that send every call as a POST.',
    input: noInput,
    answer: siteConfigData,
  }),
};
