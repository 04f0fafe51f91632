import { type ChangeEvent, type FormEvent, useState } from 'react';
import { type PageProps, useHost, useT } from '@instalment/host-sdk/host';
import { toStoredUserInfo } from '@instalment/host-sdk/session';
import { Button, Card, Field, useRuleForm } from '@instalment/ui/kit';
import { downscaleImage, uploadWithChunks } from '@instalment/ui/upload';
import { BIO_MAX, NICKNAME_MAX, validateBio, validateNickname, validateOptionalEmail } from '@instalment/contract/validation';
import { QUIET, useFormSubmit } from '../auth/completeLogin';
import { FormError } from '../components/AuthScreen';
import { Avatar } from '../components/Avatar';
import { accountMessages } from '../messages';
import { updateProfile } from '@instalment/contract/api';
import { useApi } from '@instalment/ui/facade';

/** The picture types the server stores as an avatar. */
const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Nickname, avatar, bio and e-mail; what is saved shows on "mine" at once. */
export default function EditProfile(_props: PageProps) {
  const host = useHost();
  const api = useApi({ user: { updateProfile } });
  const t = useT(accountMessages);
  const user = host.session.userInfo;
  const [picture, setPicture] = useState<File | null>(null);
  const { busy, error, submit: send } = useFormSubmit();
  const form = useRuleForm(
    { nickname: user?.nickname ?? '', bio: user?.bio ?? '', email: user?.email ?? '' },
    { nickname: validateNickname, bio: validateBio, email: validateOptionalEmail },
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => setPicture(event.target.files?.[0] ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    await send(async () => {
      // The stored avatar is sent back as it came (a signed link to the user's own upload).
      const avatar = picture ? (await uploadWithChunks(host.http, await downscaleImage(picture))).url : (user?.avatar ?? '');
      const saved = await api.user.updateProfile(
        { nickname: form.values.nickname.trim(), bio: form.values.bio.trim(), email: form.values.email.trim(), avatar },
        QUIET,
      );
      host.session.setUserInfo(toStoredUserInfo(saved));
      host.ui.toast(t('profileSaved'), 'success');
      host.back();
    });
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-label={t('editProfile')}>
        {user && <Avatar user={user} size={64} />}
        <Field label={t('avatarPicture')} type="file" accept={AVATAR_ACCEPT} onChange={choose} />
        <Field label={t('nickname')} autoComplete="nickname" maxLength={NICKNAME_MAX} {...form.field('nickname')} />
        <Field label={t('bio')} maxLength={BIO_MAX} {...form.field('bio')} />
        <Field label={t('email')} type="email" autoComplete="email" {...form.field('email')} />
        <FormError message={error} />
        <Button type="submit" variant="primary" block busy={busy}>
          {t('save')}
        </Button>
      </form>
    </Card>
  );
}
