import { useState } from 'react';
import { Button, Input, NoticeBar, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ID_NUMBER_LONGEST, type IdDocType } from '@lucky28/shared/idNumber';
import { IdDocTypePicker, likelyDocType } from '../../../components/IdDocTypePicker';
import { ImagePicker, useObjectUrl } from '../../../components/ImagePicker';
import { QueryBody } from '../../../components/QueryBody';
import { Page } from '../../../components/Page';
import { ApiError } from '../../../lib/api';
import { showLoading, showNotice, showSuccess } from '../../../lib/feedback';
import { useGoBack } from '../../../lib/navigation';
import { chosenImageProblem } from '../../../lib/chosenImage';
import { apiMessage } from '../../../lib/validation';
import type { RealNameInfo } from '@lucky28/shared/schemas';
import { uploadIdcardPicture, useRealNameInfo, useSubmitRealName } from '../api/realName';
import { REAL_NAME_FIELDS, realNameProblem } from '../model/realName';
import { useFieldProblem } from '../../../components/useFieldProblem';
import './realName.css';

interface Slot {
  file: File | null;
  url: string;
  uploading: boolean;
}

const emptySlot: Slot = { file: null, url: '', uploading: false };

/** A picture slot that uploads as soon as a picture is chosen (docs/product.md#states-and-transitions), with a loading notice. */
function useUploadSlot() {
  const { t } = useTranslation();
  const [slot, setSlot] = useState<Slot>(emptySlot);
  const preview = useObjectUrl(slot.url ? slot.file : null);
  const choose = async (file: File) => {
    const problem = await chosenImageProblem(file);
    if (problem) return showNotice(apiMessage(problem));
    setSlot({ file, url: '', uploading: true });
    const done = showLoading(t('realName.uploading'));
    try {
      const url = await uploadIdcardPicture(file);
      done();
      setSlot({ file, url, uploading: false });
      showSuccess(t('realName.uploaded'));
    } catch (err) {
      done();
      setSlot(emptySlot);
      showNotice(err instanceof ApiError && err.kind === 'business' && err.message ? err.message : t('common.uploadFailed'));
    }
  };
  return { slot, preview, choose, remove: () => setSlot(emptySlot) };
}

/** One side of the ID card: its label and the picker, marked when the form found it missing. */
function IdPicture({ side, upload, invalid }: { side: 'front' | 'back'; upload: ReturnType<typeof useUploadSlot>; invalid: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={invalid ? 'field-invalid' : ''}>
      <span className="realname-picture-label">{t(`realName.${side}`)}</span>
      <ImagePicker
        preview={upload.preview}
        label={t(`realName.${side}`)}
        hint={t('realName.pictureHint')}
        busy={upload.slot.uploading}
        onChoose={(f) => void upload.choose(f)}
        onRemove={upload.remove}
        testId={`idcard-${side}`}
      />
    </div>
  );
}

function RealNameForm({ info }: { info: RealNameInfo }) {
  const { t } = useTranslation();
  const goBack = useGoBack('/setting?type=2');
  const submit = useSubmitRealName();
  const [truename, setTruename] = useState('');
  const [idcard, setIdcard] = useState('');
  const [idType, setIdType] = useState<IdDocType>(likelyDocType);
  const front = useUploadSlot();
  const back = useUploadSlot();
  const problem = useFieldProblem();

  const send = () => {
    const key = realNameProblem({ truename, idcard, idType, front: front.slot.url, back: back.slot.url });
    if (key) return problem.report(apiMessage(key), REAL_NAME_FIELDS[key]);
    problem.clear();
    submit.mutate(
      { truename: truename.trim(), idcard: idcard.trim(), id_type: idType, idcard_zheng: front.slot.url, idcard_fan: back.slot.url },
      {
        onSuccess: (answer) => {
          showSuccess(answer.msg || t('realName.submitted'));
          goBack();
        },
        onError: (err) => (err instanceof ApiError && err.kind === 'business' && err.message ? problem.fail(err) : showNotice(t('realName.failed'))),
      },
    );
  };

  return (
    <>
      {info.reason && <NoticeBar color="alert" wrap content={t('realName.rejected', { reason: info.reason })} data-testid="realname-rejected" />}
      <section className="l28-card">
        <label className={`realname-field ${problem.marks('truename') ? 'field-invalid' : ''}`}>
          <span>{t('realName.name')}</span>
          <Input
            value={truename}
            onChange={problem.editing('truename', setTruename)}
            maxLength={40}
            placeholder={t('realName.namePlaceholder')}
            aria-label={t('realName.name')}
            clearable
          />
        </label>
        <div className="realname-field">
          <span>{t('idDoc.type')}</span>
          <IdDocTypePicker
            value={idType}
            onChange={(v) => {
              setIdType(v);
              problem.clear();
            }}
          />
        </div>
        <label className={`realname-field ${problem.marks('idcard') ? 'field-invalid' : ''}`}>
          <span>{t('realName.idcard')}</span>
          <Input
            value={idcard}
            onChange={problem.editing('idcard', setIdcard)}
            maxLength={ID_NUMBER_LONGEST}
            placeholder={t('realName.idcardPlaceholder')}
            aria-label={t('realName.idcard')}
            clearable
          />
        </label>
      </section>
      <section className="l28-card l28-halves realname-pictures">
        <IdPicture side="front" upload={front} invalid={problem.marks('idcard_zheng')} />
        <IdPicture side="back" upload={back} invalid={problem.marks('idcard_fan')} />
      </section>
      <p className="page-hint">{t('realName.privacy')}</p>
      <div className="page-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          className="btn-primary"
          loading={submit.isPending}
          onClick={send}
          data-testid="realname-submit"
        >
          {t('realName.submit')}
        </Button>
      </div>
    </>
  );
}

/** /realNameAuth (docs/product.md#account-screens, #states-and-transitions, #validation-rules): name, ID number, the two ID-card pictures, submitted for review. */
export function RealNameAuthScreen() {
  const { t } = useTranslation();
  const info = useRealNameInfo();
  return (
    <Page title={t('routes.realNameAuth')} backFallback="/setting?type=2" className="realname">
      <QueryBody query={info} lines={6}>
        {(data) =>
          data.shiming === 1 ? (
            <Result status="waiting" title={t('verification.reviewing')} description={t('realName.reviewing')} data-testid="realname-reviewing" />
          ) : data.shiming === 2 ? (
            <Result status="success" title={t('verification.verified')} description={t('realName.verified', { name: data.truename })} />
          ) : (
            <RealNameForm info={data} />
          )
        }
      </QueryBody>
    </Page>
  );
}
