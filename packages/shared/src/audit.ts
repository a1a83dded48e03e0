/**
 * Every action the audit trail records and every kind of thing it records it on: the one list the
 * server's writes are typed by (an action not listed here does not typecheck) and its words are
 * checked against (`npm run i18n:check` fails when one lacks its words in a language:
 * `audit.action.<action>`, `audit.area.<area>` and `audit.target.<target>` in the shared message
 * catalogue, ./messages, which the console's audit screen and the server's audit CSV both read).
 * An action is `<area>.<verb>`; the console's action filter offers each area and each action.
 */
export const auditActions = [
  'operator.login',
  'operator.login_failed',
  'operator.logout',
  'operator.logout_all',
  'operator.totp_enable',
  'operator.totp_disable',
  'operator.refused',
  'operator.create',
  'operator.disable',
  'operator.enable',
  'operator.totp_reset',
  'deposit.approve',
  'deposit.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'realname.approve',
  'realname.reject',
  'upload.view',
  'user.reveal_account',
  'user.freeze',
  'user.unfreeze',
  'user.gift',
  'user.reset_password',
  'user.reset_security_code',
  'user.adjust',
  'adjustment.approve',
  'adjustment.reject',
  'game.update',
  'room.update',
  'settings.update',
  'campaign.create',
  'campaign.update',
  'campaign.end',
  'promotion.budget_top_up',
  'promotion.packet_drop',
  'promotion.player_link',
  'promotion.player_unlink',
  'banner.create',
  'banner.update',
  'banner.delete',
  'banner.order',
  'article_tab.create',
  'article_tab.update',
  'article_tab.delete',
  'article.create',
  'article.update',
  'article.delete',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'content.image_upload',
  'referral.settings',
  'referral.release',
  'referral.void',
  'import.run',
  'export.csv',
  'chat.remove',
  'chat.mute',
  'chat.unmute',
  'chat.room_update',
  'chat.clear',
  'chat.pin',
  'chat.unpin',
  'chat.filter_update',
  'chat.report_resolve',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The area of an action: what comes before its dot. */
type AreaOf<A> = A extends `${infer Area}.${string}` ? Area : never;
export type AuditArea = AreaOf<AuditAction>;
export const auditAreaOf = (action: AuditAction): AuditArea => action.slice(0, action.indexOf('.')) as AuditArea;
/** The areas, in the order of their first action above. */
export const auditAreas: readonly AuditArea[] = [...new Set(auditActions.map(auditAreaOf))];

/** What an audit row is about (its `target_type`). */
export const auditTargets = [
  'operator',
  'route',
  'deposit',
  'withdrawal',
  'real_name_request',
  'upload',
  'user',
  'game',
  'room',
  'settings',
  'campaign',
  'promotion_budget',
  'red_packet',
  'banner',
  'article_tab',
  'article',
  'announcement',
  'content_image',
  'referral_commission',
  'import_run',
  'export',
  'adjustment',
  'chat_message',
  'chat_report',
] as const;
export type AuditTarget = (typeof auditTargets)[number];

export const isAuditAction = (value: string): value is AuditAction => (auditActions as readonly string[]).includes(value);
export const isAuditTarget = (value: string): value is AuditTarget => (auditTargets as readonly string[]).includes(value);
