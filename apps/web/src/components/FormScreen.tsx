import type { ReactNode } from 'react';
import { Button, Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from './Page';

/**
 * A sub-page made of one card form: header with back arrow, the fields, a hint under them and the
 * full-width submit button (loading while `pending`). The screen keeps its state and validation.
 */
export function FormScreen({
  title,
  backFallback,
  layout = 'horizontal',
  formClassName,
  hint,
  pending,
  onSubmit,
  children,
}: {
  title: string;
  backFallback: string;
  layout?: 'horizontal' | 'vertical';
  formClassName: string;
  hint: ReactNode;
  pending: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page title={title} backFallback={backFallback}>
      <Form layout={layout} mode="card" className={formClassName}>
        {children}
      </Form>
      <p className="page-hint">{hint}</p>
      <div className="page-actions">
        <Button block color="primary" size="large" shape="rounded" className="btn-primary" loading={pending} onClick={onSubmit}>
          {t('common.submit')}
        </Button>
      </div>
    </Page>
  );
}
