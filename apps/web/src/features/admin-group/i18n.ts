import { addTranslations } from '../../i18n/index.ts';

addTranslations('admin-group', {
  'zh-TW': {
    name: '群組名稱',
    roles: '群組角色',
    rolesHint: '成員在下次取得權杖時即擁有群組的角色。',
    members: '成員數',
    updated: '更新時間',
    create: '新增群組',
  },
  'en-US': {
    name: 'Group name',
    roles: 'Group roles',
    rolesHint: 'Members hold the group roles from their next token on.',
    members: 'Members',
    updated: 'Updated',
    create: 'New group',
  },
});
