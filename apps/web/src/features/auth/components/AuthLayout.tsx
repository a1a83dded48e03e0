import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../../components/Logo';
import './auth.css';

/** The red-and-gold frame of the login and register screens. */
export function AuthLayout({ title, subtitle, onBack, children }: { title: string; subtitle: string; onBack: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="page auth-page">
      <header className="auth-hero">
        <button type="button" className="auth-back" aria-label={t('common.back')} onClick={onBack}>
          <LeftOutline />
        </button>
        <Logo size={64} className="auth-logo" />
        <h1>{title}</h1>
        <p>{subtitle}</p>
      </header>
      <main className="auth-card">{children}</main>
    </div>
  );
}
