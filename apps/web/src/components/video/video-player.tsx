import { youtubeEmbedUrl, youtubeId, youtubeStart } from '@bo/shared/validators';
import './video-player.css';

/**
 * The one YouTube player of the back office (the video form, /admin/debug/video-player): the
 * privacy-enhanced youtube-nocookie embed from the link's `t=` start, 16:9 at any width, loaded lazily.
 */
export function VideoPlayer({ id, url, title }: { id?: string | null; url?: string | null; title: string }) {
  const videoId = id ?? (url ? youtubeId(url) : null);
  if (!videoId) return null;
  return (
    <div className="video-player" data-testid="video-player">
      <iframe
        src={youtubeEmbedUrl(videoId, url ? youtubeStart(url) : null)}
        title={title}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
      />
    </div>
  );
}
