import { addTranslations } from '../../i18n/index.ts';

/** Who is editing a record (namespace `edit_lease`, issue 36). */
addTranslations('edit_lease', {
  'zh-TW': {
    editing: '{{name}} 正在編輯（{{time}} 起）',
    editingMany: '{{names}} 正在編輯',
    hint: '您仍可編輯；若對方先儲存，您儲存時會看到雙方的差異。',
    takeOver: '接手編輯',
    takenOver: '{{name}} 已接手編輯（{{time}}）',
    takenOverHint: '您的修改尚未遺失；儲存前請先確認對方的變更。',
    takeOverFailed: '無法接手編輯，請稍後再試',
    marker: '{{name}} 正在編輯（{{time}} 起）',
    separator: '、',
  },
  'en-US': {
    editing: '{{name}} is editing this (since {{time}})',
    editingMany: '{{names}} are editing this',
    hint: 'You can still edit: if they save first, saving shows you both versions.',
    takeOver: 'Take over editing',
    takenOver: '{{name}} took over editing ({{time}})',
    takenOverHint: 'Your changes are still here; check theirs before you save.',
    takeOverFailed: 'Could not take over editing; try again later',
    marker: '{{name}} is editing (since {{time}})',
    separator: ', ',
  },
});
