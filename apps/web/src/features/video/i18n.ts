import { addTranslations } from '../../i18n/index.ts';

addTranslations('video', {
  'zh-TW': {
    title: '標題',
    titleEn: '英文標題',
    titleEnHint: '留空時英文網站顯示中文標題。',
    url: 'YouTube 網址',
    urlHint: '貼上 youtu.be 短網址或含 v= 的 YouTube 網址。',
    photo: '封面相片',
    youtubeId: '影片代碼',
    published: '發布',
    draft: '未發布',
    order: '排序',
    orderHint: '數字小的排在前面。',
    updated: '更新時間',
    create: '新增影片',
  },
  'en-US': {
    title: 'Title',
    titleEn: 'English title',
    titleEnHint: 'Empty: the English site shows the Chinese title.',
    url: 'YouTube URL',
    urlHint: 'Paste a youtu.be link or a YouTube link with v=.',
    photo: 'Cover photo',
    youtubeId: 'Video id',
    published: 'Published',
    draft: 'Hidden',
    order: 'Order',
    orderHint: 'Lower numbers come first.',
    updated: 'Updated',
    create: 'New video',
  },
});
