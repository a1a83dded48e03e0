import { Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_DAYS, type CampaignKind } from '@lucky28/shared/schemas';
import { translate } from '@lucky28/shared/messages';
import { FormField } from '../../../components/FormField';
import { apiLangOf } from '../../../lib/languages';
import { termsFieldRule } from '../model/fieldErrors';
import type { FieldName } from '../model/termsForm';

const LANGS = ['zh', 'tw', 'en', 'vi'] as const;
/** The schema's most tiers (packages/shared schemas/rewards.ts). */
const MAX_TIERS = 5;

/** An API message key in the console's language. */
export function useSay() {
  const { i18n } = useTranslation();
  return (key: string, params?: Record<string, string | number>) => translate(apiLangOf(i18n.language), key, params);
}

/** A terms field's own check (the shared schema's, of this field only), when the operator leaves it. */
function useTermsRule(kind: CampaignKind) {
  const say = useSay();
  return (name: FieldName) => ({ validateTrigger: 'onBlur', rules: [termsFieldRule(kind, name, say)] });
}

function RakebackFields() {
  const { t } = useTranslation();
  const own = useTermsRule('rakeback');
  const tier = (i: number, ...rest: FieldName) => own(['terms', 'rakeback', 'tiers', i, ...rest]);
  return (
    <Form.List name={['terms', 'rakeback', 'tiers']}>
      {(rows, { add, remove }, { errors }) => (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="terms-rakeback">
          <div>{t('campaigns.terms.tiers')}</div>
          <div className="ant-form-item-extra">{t('campaigns.terms.tiersHelp')}</div>
          {rows.map((row, i) => (
            <Card
              key={row.key}
              size="small"
              title={t('campaigns.terms.tier', { n: i + 1 })}
              data-testid={`tier-${i}`}
              extra={
                rows.length > 1 && (
                  <Button size="small" danger onClick={() => remove(row.name)} aria-label={t('campaigns.terms.removeTier', { n: i + 1 })}>
                    {t('campaigns.terms.remove')}
                  </Button>
                )
              }
            >
              <Space wrap align="start">
                {LANGS.map((l) => (
                  <Form.Item
                    key={l}
                    name={[row.name, 'name', l]}
                    {...tier(row.name, 'name', l)}
                    label={t('campaigns.terms.tierName', { lang: t(`campaigns.lang.${l}`) })}
                  >
                    <Input
                      maxLength={40}
                      aria-label={`${t('campaigns.terms.tier', { n: i + 1 })} ${t('campaigns.terms.tierName', { lang: t(`campaigns.lang.${l}`) })}`}
                    />
                  </Form.Item>
                ))}
              </Space>
              <Space wrap align="start">
                <FormField
                  style={{ width: 260 }}
                  name={[row.name, 'min_stake']}
                  {...tier(row.name, 'min_stake')}
                  label={t('campaigns.terms.minStake')}
                  hint={t('campaigns.terms.minStakeHelp')}
                >
                  <Input inputMode="decimal" suffix="u" aria-label={`${t('campaigns.terms.tier', { n: i + 1 })} ${t('campaigns.terms.minStake')}`} />
                </FormField>
                <FormField
                  style={{ width: 260 }}
                  name={[row.name, 'rate']}
                  {...tier(row.name, 'rate')}
                  label={t('campaigns.terms.rate')}
                  hint={t('campaigns.terms.rateHelp')}
                >
                  <Input inputMode="decimal" suffix="%" aria-label={`${t('campaigns.terms.tier', { n: i + 1 })} ${t('campaigns.terms.rate')}`} />
                </FormField>
              </Space>
            </Card>
          ))}
          <Form.ErrorList errors={errors} />
          <Button
            onClick={() => add({ name: { zh: '', tw: '', en: '', vi: '' }, min_stake: '', rate: '' })}
            disabled={rows.length >= MAX_TIERS}
            data-testid="tier-add"
          >
            {t('campaigns.terms.addTier')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

function FirstDepositFields() {
  const { t } = useTranslation();
  const own = useTermsRule('first_deposit');
  return (
    <Space wrap align="start" data-testid="terms-first_deposit">
      <FormField
        style={{ width: 220 }}
        name={['terms', 'first_deposit', 'percent']}
        {...own(['terms', 'first_deposit', 'percent'])}
        label={t('campaigns.terms.percent')}
        hint={t('campaigns.terms.percentHelp')}
      >
        <Input inputMode="numeric" suffix="%" aria-label={t('campaigns.terms.percent')} />
      </FormField>
      <FormField
        style={{ width: 220 }}
        name={['terms', 'first_deposit', 'cap']}
        {...own(['terms', 'first_deposit', 'cap'])}
        label={t('campaigns.terms.cap')}
        hint={t('campaigns.terms.capHelp')}
      >
        <Input inputMode="decimal" suffix="u" aria-label={t('campaigns.terms.cap')} />
      </FormField>
      <FormField
        style={{ width: 220 }}
        name={['terms', 'first_deposit', 'wager_multiple']}
        {...own(['terms', 'first_deposit', 'wager_multiple'])}
        label={t('campaigns.terms.multiple')}
        hint={t('campaigns.terms.multipleHelp')}
      >
        <Input inputMode="numeric" suffix="×" aria-label={t('campaigns.terms.multiple')} />
      </FormField>
    </Space>
  );
}

function CheckInFields() {
  const { t } = useTranslation();
  const own = useTermsRule('check_in');
  return (
    <div data-testid="terms-check_in">
      <div>{t('campaigns.terms.rewards')}</div>
      <div className="ant-form-item-extra">{t('campaigns.terms.rewardsHelp')}</div>
      <Space wrap align="start">
        {Array.from({ length: CHECK_IN_DAYS }, (_, i) => (
          <Form.Item
            key={i}
            name={['terms', 'check_in', 'rewards', i]}
            {...own(['terms', 'check_in', 'rewards', i])}
            label={t('campaigns.terms.day', { n: i + 1 })}
            style={{ width: 120 }}
          >
            <Input inputMode="decimal" suffix="u" aria-label={t('campaigns.terms.day', { n: i + 1 })} />
          </Form.Item>
        ))}
      </Space>
    </div>
  );
}

/** The terms of a campaign of `kind`, a field for each thing its schema holds. */
export function TermsFields({ kind }: { kind: CampaignKind }) {
  if (kind === 'rakeback') return <RakebackFields />;
  if (kind === 'first_deposit') return <FirstDepositFields />;
  return <CheckInFields />;
}
