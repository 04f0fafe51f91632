import { type FormEvent } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { Checkbox, ChoiceGroup, Select, TextArea, useForm } from '@instalment/ui/kit';
import { Field } from '../Field';

type Values = { name: string; size: string; colour: string; note: string; agree: boolean };

function Order({ onSend }: { onSend: (values: Values) => void }) {
  const form = useForm<Values>({ name: '', size: '', colour: '', note: '', agree: false }, (values) => ({
    name: values.name.trim() ? null : 'Name is required',
    size: values.size ? null : 'Choose a size',
    colour: values.colour ? null : 'Choose a colour',
    note: values.note.length > 5 ? 'At most 5 characters' : null,
    agree: values.agree ? null : 'Please agree',
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.validate()) onSend(form.values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Name" {...form.field('name')} />
      <ChoiceGroup
        legend="Size"
        {...form.choice('size')}
        options={[
          { value: 's', label: 'Small' },
          { value: 'l', label: 'Large' },
        ]}
      />
      <Select label="Colour" placeholder="Pick one" options={[{ value: 'red', label: 'Red' }]} {...form.field('colour')} />
      <TextArea label="Note" {...form.field('note')} />
      <Checkbox {...form.checkbox('agree')}>I agree</Checkbox>
      <button type="submit">Send</button>
    </form>
  );
}

function renderOrder() {
  const onSend = jest.fn();
  renderWithHost(createTestHost().host, <Order onSend={onSend} />);
  return { onSend, user: userEvent.setup() };
}

test('a field says nothing until it is left, then its message follows the value', async () => {
  const { user } = renderOrder();
  const name = screen.getByLabelText('Name');
  await user.click(name);
  expect(screen.queryByText('Name is required')).toBeNull();
  await user.tab();
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(name).toHaveAttribute('aria-invalid', 'true');
  expect(name).toHaveAccessibleDescription('Name is required');
  await user.type(name, 'Li');
  expect(screen.queryByText('Name is required')).toBeNull();
  expect(name).not.toHaveAttribute('aria-invalid');
});

test('submitting shows every problem, focuses the first, and sends nothing', async () => {
  const { user, onSend } = renderOrder();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Name')).toHaveFocus();
  for (const message of ['Name is required', 'Choose a size', 'Choose a colour', 'Please agree']) {
    expect(screen.getByText(message)).toBeInTheDocument();
  }
  expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription('Choose a size');
});

test('choosing a radio, an option and the check box clears their problems; a valid form is sent as typed', async () => {
  const { user, onSend } = renderOrder();
  await user.type(screen.getByLabelText('Name'), 'Li Lei');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByLabelText('Small')).toHaveFocus();
  await user.click(screen.getByLabelText('Large'));
  await user.selectOptions(screen.getByLabelText('Colour'), 'red');
  await user.type(screen.getByLabelText('Note'), 'too long');
  expect(screen.getByText('At most 5 characters')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Note'));
  await user.type(screen.getByLabelText('Note'), 'ok');
  await user.click(screen.getByLabelText('I agree'));
  expect(screen.queryByRole('alert')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSend).toHaveBeenCalledWith({ name: 'Li Lei', size: 'l', colour: 'red', note: 'ok', agree: true });
});
