import { addTranslations } from '../../i18n/index.ts';

addTranslations('admin-group', {
  'zh-TW': { create: '新增群組', name: '群組名稱', roles: '群組角色', members: '成員數', updatedAt: '更新時間', createTitle: '新增管理群組', hint: '成員在下次取得權杖時即擁有群組的角色。' },
  'en-US': { create: 'New group', name: 'Group name', roles: 'Group roles', members: 'Members', updatedAt: 'Updated', createTitle: 'New admin group', hint: 'Members hold the group roles from their next token on.' },
});
