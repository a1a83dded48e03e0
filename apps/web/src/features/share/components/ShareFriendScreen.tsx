import type { ReactNode } from 'react';
import { Button, ErrorBlock } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { QueryBody } from '../../../components/QueryBody';
import { MEMBER_GROUP, useUserInfo } from '../../../lib/auth';
import { copyText } from '../../../lib/clipboard';
import { showError, showSuccess } from '../../../lib/feedback';
import { inviteLink, useInviteInfo } from '../api/invite';
import './share.css';

/** Web Share sheet where the browser has one (phones); elsewhere the button is not shown. */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * /shareFriend (docs/product.md#account-screens): the invite link, its 200×200 QR code drawn in the browser, a copy button
 * ("copied to clipboard"), the share sheet, and how many players registered through the link; `extra` (the
 * referral team's entry, composed in `app/screens/ShareFriendRoute`) follows.
 */
export function ShareFriendScreen({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo().data;
  const guest = user !== undefined && user.group_id !== MEMBER_GROUP;
  const invite = useInviteInfo(user?.group_id === MEMBER_GROUP);
  if (guest) {
    // Only members can invite (a guest's id is refused as an inviter at registration).
    return (
      <Page title={t('routes.shareFriend')} backFallback="/personal">
        <ErrorBlock status="empty" title={t('share.guest')} description="">
          <Button color="primary" shape="rounded" onClick={() => navigate('/register')}>
            {t('share.register')}
          </Button>
        </ErrorBlock>
      </Page>
    );
  }
  return (
    <Page title={t('routes.shareFriend')} backFallback="/personal">
      <QueryBody query={invite}>
        {(info) => {
          const link = inviteLink(window.location.origin, info.inviter_id);
          return (
            <section className="share">
              <p className="share-lead">{t('share.lead')}</p>
              <div className="share-qr">
                <QRCodeCanvas value={link} size={200} marginSize={2} level="M" data-testid="share-qr" aria-label={t('share.qr')} role="img" />
              </div>
              <p className="share-link" data-testid="share-link">
                {link}
              </p>
              <div className="share-actions">
                <Button
                  color="primary"
                  shape="rounded"
                  data-testid="share-copy"
                  onClick={() =>
                    copyText(link).then(
                      () => showSuccess(t('share.copied')),
                      () => showError(new Error(t('share.copyFailed'))),
                    )
                  }
                >
                  {t('share.copy')}
                </Button>
                {canShare() && (
                  <Button shape="rounded" onClick={() => navigator.share({ title: 'Lucky28', text: t('share.text'), url: link }).catch(() => {})}>
                    {t('share.share')}
                  </Button>
                )}
              </div>
              <p className="share-count">
                {t('share.invited')}: <strong data-testid="share-invited">{info.invited}</strong>
              </p>
              {extra}
            </section>
          );
        }}
      </QueryBody>
    </Page>
  );
}
