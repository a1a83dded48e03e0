import type { ReactNode } from 'react';
import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../lib/navigation';

interface PageProps {
  title: ReactNode;
  /** Show the back arrow (every sub-page has one). */
  back?: boolean;
  /** Where the back arrow leads when there is no history (page opened directly). */
  backFallback?: string;
  onBack?: () => void;
  right?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A screen with the app's header bar: title, back arrow, optional right-hand action. */
export function Page({ title, back = true, backFallback = '/', onBack, right, children, className }: PageProps) {
  const goBack = useGoBack(backFallback);
  const { t } = useTranslation();
  const goBackOrCustom = onBack ?? goBack;
  return (
    <div className={`page ${className ?? ''}`}>
      <NavBar
        className="page-nav"
        back={back ? '' : null}
        backIcon={
          back ? (
            <span
              className="page-back"
              role="button"
              tabIndex={0}
              aria-label={t('common.back')}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') goBackOrCustom();
              }}
            >
              <LeftOutline />
            </span>
          ) : (
            false
          )
        }
        onBack={goBackOrCustom}
        right={right}
      >
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
