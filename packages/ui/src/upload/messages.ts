import { defineMessages } from '@instalment/contract/i18n';

/** Why a picked file cannot be sent (answers of `checkProofFile`). */
export const uploadMessages = defineMessages({
  en: {
    proofEmpty: 'That file is empty. Choose another one.',
    proofType: 'Choose a JPG, PNG or WebP picture, or a PDF.',
    proofTooLarge: 'The file is larger than 10 MB. Choose a smaller one.',
  },
  'zh-CN': {
    proofEmpty: '该文件为空，请重新选择。',
    proofType: '请选择 JPG、PNG、WebP 图片或 PDF 文件。',
    proofTooLarge: '文件超过 10 MB，请选择较小的文件。',
  },
});

export type UploadMessageKey = keyof (typeof uploadMessages)['en'];
