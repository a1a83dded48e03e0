import { useEffect, useRef, useState } from 'react';
import { NumberKeyboard, PasscodeInput, Skeleton, type PasscodeInputRef } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { Page } from '../../../components/Page';
import { showError, showNotice, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { useSafetyInfo, useSetSafety } from '../api/security';
import './security.css';

export const CODE_LENGTH = 6;

type Step = 'old' | 'new' | 'confirm';

function CodeForm({ hasCode }: { hasCode: boolean }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/setting?type=2');
  const save = useSetSafety();
  const [step, setStep] = useState<Step>(hasCode ? 'old' : 'new');
  const [oldCode, setOldCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const input = useRef<PasscodeInputRef>(null);

  useEffect(() => {
    input.current?.focus();
  }, [step]);

  const submit = (newCode: string) => {
    save.mutate(
      { new_code: newCode, ...(hasCode ? { after_code: oldCode } : {}) },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg);
          goBack();
        },
        onError: (err) => {
          showError(err);
          setError(true);
          setValue('');
          setNewCode('');
          // A wrong current code starts the change again from the current code.
          if (hasCode) {
            setOldCode('');
            setStep('old');
          } else {
            setStep('new');
          }
        },
      },
    );
  };

  /**
   * Auto-submit at 6 digits (docs/product.md#states-and-transitions) of the confirmation: when changing, the first 6 digits are the
   * current code; the new code is typed twice, and two different entries start the new code over.
   */
  const onFill = (code: string) => {
    if (save.isPending) return;
    setValue('');
    if (step === 'old') {
      setOldCode(code);
      setStep('new');
    } else if (step === 'new') {
      setNewCode(code);
      setStep('confirm');
    } else if (code !== newCode) {
      showNotice(t('security.mismatch'));
      setError(true);
      setNewCode('');
      setStep('new');
    } else {
      submit(code);
    }
  };

  const title =
    step === 'old' ? t('security.enterOld') : step === 'confirm' ? t('security.enterConfirm') : hasCode ? t('security.enterNew') : t('security.enterFirst');
  return (
    <section className="code-form">
      <div className="code-icon" aria-hidden>
        <LockOutline />
      </div>
      <h2 data-testid="code-step">{title}</h2>
      <p className="page-hint">{t('security.hint')}</p>
      <PasscodeInput
        ref={input}
        length={CODE_LENGTH}
        value={value}
        onChange={(v) => {
          setError(false);
          setValue(v.replace(/\D/g, ''));
        }}
        onFill={onFill}
        error={error}
        seperated
        keyboard={<NumberKeyboard randomOrder={false} showCloseButton={false} />}
        aria-label={title}
        data-testid="passcode"
      />
      <ol className="code-steps" aria-hidden>
        {hasCode && <li className={step === 'old' ? 'active' : 'done'}>{t('security.stepOld')}</li>}
        <li className={step === 'new' ? 'active' : step === 'confirm' ? 'done' : ''}>{t('security.stepNew')}</li>
        <li className={step === 'confirm' ? 'active' : ''}>{t('security.stepConfirm')}</li>
      </ol>
    </section>
  );
}

/** /setSecurityCode (docs/product.md#account-screens, #states-and-transitions): a 6-digit code; the current one is asked first once a code is set. */
export function SetSecurityCodeScreen() {
  const { t } = useTranslation();
  const info = useSafetyInfo();
  return (
    <Page title={t(info.data?.isTrue ? 'security.changeTitle' : 'security.setTitle')} backFallback="/setting?type=2">
      {info.data ? (
        <CodeForm key={String(info.data.isTrue)} hasCode={info.data.isTrue} />
      ) : info.isError ? (
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      ) : (
        <Skeleton.Paragraph animated lineCount={4} className="page-skeleton" />
      )}
    </Page>
  );
}
