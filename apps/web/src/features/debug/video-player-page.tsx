import { useState } from 'react';
import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import { youtubeId } from '@bo/shared/validators';
import { currentLanguage } from '../../i18n/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { VideoPlayer } from '../../components/video/video-player.tsx';

const T = {
  'zh-TW': {
    intro: '貼上 YouTube 網址，檢查影片代碼與播放器（與影片表單同一個播放器，使用 youtube-nocookie）。',
    url: 'YouTube 網址',
    id: '影片代碼',
    none: '這個網址沒有 YouTube 影片代碼：請用 youtu.be 短網址或含 v= 的網址。',
  },
  'en-US': {
    intro: 'Paste a YouTube URL to check the id taken from it and the player (the one the video form uses, on youtube-nocookie).',
    url: 'YouTube URL',
    id: 'Video id',
    none: 'This URL has no YouTube video id: use a youtu.be link or a link with v=.',
  },
};

/** /admin/debug/video-player (spec section 2): the video form's player and spec section 5's id rule, on any URL. */
export default function VideoPlayerPage() {
  const t = T[currentLanguage()];
  const [url, setUrl] = useState('https://youtu.be/dQw4w9WgXcQ');
  const id = youtubeId(url);
  return (
    <div className="page video-player-page">
      <PageHeader subtitle={t.intro} />
      <Flex vertical gap={12} style={{ maxWidth: 720 }}>
        <label htmlFor="debug-video-url">{t.url}</label>
        <Input id="debug-video-url" value={url} onChange={(e) => setUrl(e.target.value)} inputMode="url" data-testid="debug-video-url" />
        {id ? (
          <Typography.Text>
            {t.id}:{' '}
            <Typography.Text code data-testid="debug-video-id">
              {id}
            </Typography.Text>
          </Typography.Text>
        ) : url.trim() ? (
          <Alert type="warning" showIcon title={t.none} />
        ) : null}
        <VideoPlayer id={id} title={url} />
      </Flex>
    </div>
  );
}
