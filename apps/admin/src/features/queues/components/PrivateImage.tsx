import { useEffect } from 'react';
import { Image, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { privateFileUrl } from '../../../lib/api';

/** A private upload shown inline (fetched with the operator's token; every view is audited by the server). */
export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const { t } = useTranslation();
  const file = useQuery({ queryKey: ['file', url], queryFn: () => privateFileUrl(url), enabled: url !== '', staleTime: Infinity });
  useEffect(() => {
    const blob = file.data;
    return () => {
      if (blob) URL.revokeObjectURL(blob);
    };
  }, [file.data]);
  if (!url) return null;
  if (file.isPending) return <Spin size="small" />;
  if (file.isError) return <Typography.Text type="danger">{t('error.load')}</Typography.Text>;
  return <Image src={file.data} alt={alt} className="private-image" width={160} />;
}
