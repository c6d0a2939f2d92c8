import { mergeAttributes, Node } from '@tiptap/core';
import { youtubeEmbedUrl, youtubeId } from '@bo/shared/validators';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const EMBED_ID = /^https:\/\/(?:www\.)?(?:youtube-nocookie\.com|youtube\.com)\/embed\/([A-Za-z0-9_-]{11})(?:[?#]|$)/;

export { youtubeEmbedUrl };

/** The video id of a YouTube address (spec section 5's rule, shared with the server: 11 characters, YouTube hosts). */
export const youtubeVideoId = (url: string): string | null => youtubeId(url);

export interface YouTubeAttributes {
  videoId: string;
  title?: string | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    youtube: {
      /** Inserts a YouTube video at the selection. */
      setYouTubeVideo: (attributes: YouTubeAttributes) => ReturnType;
    };
  }
}

/**
 * A YouTube video, stored as `<div data-youtube-video><iframe src="https://www.youtube-nocookie.com/embed/ID">`
 * (the shape the server's sanitiser keeps). In the editor it shows as a card, not a live frame: a frame
 * inside the editable area would take the clicks and keys meant for selecting and moving the video.
 */
export const YouTube = Node.create({
  name: 'youtube',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      videoId: {
        default: null,
        parseHTML: (el) => EMBED_ID.exec(el.getAttribute('src') ?? '')?.[1] ?? null,
        renderHTML: () => ({}),
      },
      title: {
        default: null,
        parseHTML: (el) => el.getAttribute('title'),
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-youtube-video] iframe' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    const { videoId, title } = node.attrs as YouTubeAttributes;
    return [
      'div',
      { 'data-youtube-video': '' },
      [
        'iframe',
        mergeAttributes(HTMLAttributes, {
          src: youtubeEmbedUrl(videoId),
          width: 640,
          height: 360,
          allowfullscreen: '',
          ...(title ? { title } : {}),
        }),
      ],
    ];
  },

  addNodeView() {
    return ({ node }) => {
      const { videoId, title } = node.attrs as YouTubeAttributes;
      const dom = document.createElement('div');
      dom.className = 'rich-text-youtube';
      dom.setAttribute('data-youtube-video', '');
      dom.setAttribute('data-video-id', videoId);
      dom.contentEditable = 'false';
      const play = dom.appendChild(document.createElement('span'));
      play.className = 'rich-text-youtube-play';
      play.setAttribute('aria-hidden', 'true');
      play.textContent = '▶';
      const text = dom.appendChild(document.createElement('span'));
      text.className = 'rich-text-youtube-text';
      const name = text.appendChild(document.createElement('strong'));
      name.textContent = title || 'YouTube';
      const id = text.appendChild(document.createElement('code'));
      id.textContent = videoId;
      return { dom };
    };
  },

  addCommands() {
    return {
      setYouTubeVideo:
        (attributes) =>
        ({ commands }) =>
          VIDEO_ID.test(attributes.videoId)
            ? commands.insertContent({ type: this.name, attrs: { videoId: attributes.videoId, title: attributes.title || null } })
            : false,
    };
  },
});
