import { useEffect, useState } from 'react';
import { askDialog } from '../../../components/dialogQueue';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ProtectionInfo } from '@lucky28/shared/schemas';
import { logout } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { readJson, storageKeys, writeJson } from '../../../lib/storage';
import { protectionInfoQueryOptions, useProtectionInfo } from '../api/protection';
import { checksDue, nextCheckAt, playedTime } from '../model/realityCheck';

interface Answered {
  started: number;
  answered: number;
}

const answeredFor = (started: number): number => {
  const saved = readJson<Answered>('session', storageKeys.realityCheck);
  return saved && saved.started === started ? saved.answered : 0;
};

/**
 * The reality check: while a member is signed in, every N minutes of the login
 * session (15, 30 or 60; never off) a dialog shows the time played and the session's net result, with
 * "continue" and "leave" (sign out). Mounted once by the app shell.
 */
export function RealityCheck() {
  const token = useSession((s) => s.token);
  const groupId = useSession((s) => s.groupId);
  const info = useProtectionInfo(Boolean(token) && groupId === 1);
  const started = info.data ? info.data.session.started_at * 1000 : null;
  const minutes = info.data?.reality_check ?? 60;
  const [due, setDue] = useState(0);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // Wait for the next check of this session; checks missed while the app was closed count once.
  useEffect(() => {
    if (started === null || !token) return;
    const answered = answeredFor(started);
    const at = nextCheckAt(started, minutes, answered);
    const timer = window.setTimeout(() => setDue(checksDue(started, minutes, Date.now())), Math.max(0, at - Date.now()));
    return () => window.clearTimeout(timer);
  }, [started, minutes, token, due]);

  useEffect(() => {
    if (started === null || due <= answeredFor(started)) return;
    let closed = false;
    void (async () => {
      let fresh: ProtectionInfo | undefined = info.data;
      try {
        fresh = await queryClient.fetchQuery(protectionInfoQueryOptions());
      } catch {
        /* show what we have */
      }
      if (closed || !fresh) return;
      const played = playedTime(started, Date.now());
      // Back closes it as "continue" does: the check has been seen either way.
      const leave =
        (await askDialog({
          title: t('protection.reality.title'),
          content: (
            <div className="reality-check" data-testid="reality-check">
              <p>{t('protection.reality.played', played)}</p>
              <p>{t('protection.reality.result', { result: fresh.session.result, stake: fresh.session.stake, payout: fresh.session.payout })}</p>
            </div>
          ),
          backKey: 'continue',
          actions: [
            { key: 'leave', text: t('protection.reality.leave') },
            { key: 'continue', text: t('protection.reality.continue'), bold: true },
          ],
        })) === 'leave';
      writeJson('session', storageKeys.realityCheck, { started, answered: due } satisfies Answered);
      if (leave) await logout(() => navigate('/login', { replace: true }));
    })();
    return () => {
      closed = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [due, started]);

  return null;
}
