import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { youtubeId } from '@bo/shared/validators';
import { PageHeader } from '../../components/page-header.tsx';
import { VideoPlayer } from '../../components/video/video-player.tsx';
import './i18n.ts';

/** /admin/debug/video-player (spec section 2): the video form's player and spec section 5's id rule, on any URL. */
export default function VideoPlayerPage() {
  const { t } = useTranslation('video-player');
  const [url, setUrl] = useState('https://youtu.be/dQw4w9WgXcQ');
  const id = youtubeId(url);
  return (
    <div className="page video-player-page">
      <PageHeader subtitle={t('intro')} />
      <Flex vertical gap={12} style={{ maxWidth: 720 }}>
        <label htmlFor="debug-video-url">{t('url')}</label>
        <Input id="debug-video-url" value={url} onChange={(e) => setUrl(e.target.value)} inputMode="url" data-testid="debug-video-url" />
        {id ? (
          <Typography.Text>
            {t('id')}:{' '}
            <Typography.Text code data-testid="debug-video-id">
              {id}
            </Typography.Text>
          </Typography.Text>
        ) : url.trim() ? (
          <Alert type="warning" showIcon title={t('none')} />
        ) : null}
        <VideoPlayer id={id} title={url} />
      </Flex>
    </div>
  );
}
