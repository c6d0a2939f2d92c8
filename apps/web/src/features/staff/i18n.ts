import { addTranslations } from '../../i18n/index.ts';

addTranslations('staff', {
  'zh-TW': {
    create: '新增人員', name: '姓名', nickname: '暱稱', nationalId: '身分證字號', nationalIdHint: '身分證或居留證號碼（檢查碼會驗證）',
    birthday: '生日', gender: '性別', genders: { male: '男', female: '女', other: '其他' }, mobile: '手機', mobileHint: '09 開頭 10 碼，或 + 國碼的國際號碼',
    email: '電子郵件', address: '地址', emergencyContact: '緊急聯絡人', emergencyPhone: '緊急聯絡電話', bloodType: '血型',
    jobTitle: '職稱', hireDate: '到職日', notes: '備註', status: '狀態', statuses: { active: '在職', inactive: '停用', left: '離職' },
    photo: '照片', uploadPhoto: '上傳照片', pickPhoto: '從相片庫選擇', removePhoto: '移除照片', noPhoto: '尚無照片',
    photoAfterSave: '儲存人員資料後即可上傳照片', photoUploaded: '照片已更新', photoRemoved: '照片已移除', photoLibrary: '相片庫',
    photoLibraryDenied: '您沒有瀏覽相片庫的權限', photoLibraryEmpty: '相片庫沒有照片', choose: '選擇',
    basic: '基本資料', contact: '聯絡資料', work: '工作資料', certificates: '證照', addCertificate: '新增證照', removeCertificate: '移除',
    certificateType: '證照類別', certificateNumber: '證號', issuedAt: '發證日', expiresAt: '到期日', scannedFile: '掃描檔',
    uploadFile: '上傳掃描檔', replaceFile: '更換', downloadFile: '下載', removeFile: '移除檔案', fileAfterSave: '儲存後可上傳',
    filePending: '待上傳：{{name}}', fileUploaded: '掃描檔已上傳', fileTypes: '接受 PDF、PNG、JPG、GIF',
    manageTypes: '管理證照類別', types: '證照類別', addType: '新增類別', addDefaults: '加入常用類別', typeName: '類別名稱',
    noTypes: '尚未設定證照類別', typeInUse: '此類別仍有證照使用，無法刪除',
    certStatus: '證照狀態', certStatuses: { expired: '已過期', expiring: '即將到期', valid: '有效', none: '無證照', attention: '過期或即將到期' },
    allStatuses: '全部狀態', allCertStatuses: '全部證照狀態', expiredCount: '{{count}} 張過期', expiringCount: '{{count}} 張即將到期',
    daysLeft: '剩 {{count}} 天', daysAgo: '已過期 {{count}} 天', today: '今天到期',
    expiryTitle: '證照到期提醒', expiryWindow: '{{days}} 天內', expiryNone: '{{days}} 天內沒有過期或到期的證照',
    expiryExpired: '已過期', expiryExpiring: '即將到期', expiryStaff: '涉及 {{count}} 位人員', viewStaff: '查看人員',
    export: '匯出報表', updatedAt: '更新時間', deleteTitle: '刪除人員', saveFirst: '請先儲存',
    masked: '列表中身分證字號已遮蔽',
  },
  'en-US': {
    create: 'New staff', name: 'Name', nickname: 'Nickname', nationalId: 'National ID', nationalIdHint: 'Taiwan ID card or resident certificate number (checksum verified)',
    birthday: 'Birthday', gender: 'Gender', genders: { male: 'Male', female: 'Female', other: 'Other' }, mobile: 'Mobile', mobileHint: '10 digits starting 09, or an international number starting +',
    email: 'Email', address: 'Address', emergencyContact: 'Emergency contact', emergencyPhone: 'Emergency phone', bloodType: 'Blood type',
    jobTitle: 'Job title', hireDate: 'Hire date', notes: 'Notes', status: 'Status', statuses: { active: 'Active', inactive: 'Inactive', left: 'Left' },
    photo: 'Photo', uploadPhoto: 'Upload a photo', pickPhoto: 'Pick from the photo library', removePhoto: 'Remove photo', noPhoto: 'No photo yet',
    photoAfterSave: 'Save the staff first, then add a photo', photoUploaded: 'Photo updated', photoRemoved: 'Photo removed', photoLibrary: 'Photo library',
    photoLibraryDenied: 'You may not browse the photo library', photoLibraryEmpty: 'The photo library is empty', choose: 'Choose',
    basic: 'Basic details', contact: 'Contact', work: 'Work', certificates: 'Certificates', addCertificate: 'Add a certificate', removeCertificate: 'Remove',
    certificateType: 'Type', certificateNumber: 'Number', issuedAt: 'Issued', expiresAt: 'Expires', scannedFile: 'Scanned file',
    uploadFile: 'Upload scan', replaceFile: 'Replace', downloadFile: 'Download', removeFile: 'Remove file', fileAfterSave: 'Upload after saving',
    filePending: 'To upload: {{name}}', fileUploaded: 'Scanned file uploaded', fileTypes: 'PDF, PNG, JPG or GIF',
    manageTypes: 'Certificate types', types: 'Certificate types', addType: 'Add a type', addDefaults: 'Add the usual types', typeName: 'Type name',
    noTypes: 'No certificate types yet', typeInUse: 'Certificates still use this type; it cannot be deleted',
    certStatus: 'Certificates', certStatuses: { expired: 'Expired', expiring: 'Expiring soon', valid: 'Valid', none: 'None', attention: 'Expired or expiring' },
    allStatuses: 'All statuses', allCertStatuses: 'All certificate states', expiredCount: '{{count}} expired', expiringCount: '{{count}} expiring',
    daysLeft: '{{count}} days left', daysAgo: 'expired {{count}} days ago', today: 'expires today',
    expiryTitle: 'Certificate expiry', expiryWindow: 'next {{days}} days', expiryNone: 'No certificate expired or expiring in the next {{days}} days',
    expiryExpired: 'Expired', expiryExpiring: 'Expiring', expiryStaff: '{{count}} staff concerned', viewStaff: 'View staff',
    export: 'Export', updatedAt: 'Updated', deleteTitle: 'Delete staff', saveFirst: 'Save first',
    masked: 'National ids are masked in lists',
  },
});

/** Server translation keys this feature's answers may carry (validate.error.*), in the shell's namespace. */
addTranslations('common', {
  'zh-TW': {
    validate: {
      error: {
        national_id_incorrect: '身分證字號格式或檢查碼不正確', already_exists: '已經存在', not_allowed: '不允許的欄位',
        expires_before_issued: '到期日早於發證日', image_type: '只接受 png、jpg、jpeg、gif 圖片', image_too_large: '圖片太大',
        file_type: '只接受 PDF 或圖片', in_use: '仍在使用中', xlsx_incorrect: '不是可讀取的 .xlsx 檔案',
        too_many_cells: '對應的儲存格超過上限', cell_mapped_twice: '同一儲存格對應了兩次', photo_card_only: '只有資料卡版型可以放照片',
        one_photo_only: '只能放一張照片', cell_range_incorrect: '範圍格式不正確', roster_start_row: '名冊的人員欄位必須在起始列',
        cell_address_incorrect: '儲存格位置格式不正確', too_many: '數量超過上限',
      },
    },
  },
  'en-US': {
    validate: {
      error: {
        national_id_incorrect: 'Not a valid national id (format or check digit)', already_exists: 'Already exists', not_allowed: 'Not allowed',
        expires_before_issued: 'Expires before it was issued', image_type: 'Only png, jpg, jpeg and gif images', image_too_large: 'The image is too large',
        file_type: 'Only PDF or images', in_use: 'Still in use', xlsx_incorrect: 'Not a readable .xlsx file',
        too_many_cells: 'Too many mapped cells', cell_mapped_twice: 'The same cell is mapped twice', photo_card_only: 'Only the card layout can hold a photo',
        one_photo_only: 'Only one photo', cell_range_incorrect: 'Not a valid range', roster_start_row: 'Roster staff cells must be on the start row',
        cell_address_incorrect: 'Not a valid cell address', too_many: 'Too many',
      },
    },
  },
});
