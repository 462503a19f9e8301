import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@xr/contract/errors';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../lib/http';
import i18n from '../../lib/i18n';
import { renderAt, unmountAndSettle } from '../test-utils';
import { FormDialog, useLoadedValues } from './form-dialog';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await unmountAndSettle();
});

function Dialog({
  onSubmit,
  onClose,
  loaded,
}: {
  onSubmit(values: { username: string }): Promise<string>;
  onClose(): void;
  loaded?: { name: string };
}) {
  const [form] = Form.useForm<{ username: string }>();
  useLoadedValues(form, loaded, (d) => ({ username: d.name }));
  return (
    <FormDialog form={form} title="Rename" onClose={onClose} onSubmit={onSubmit} fields={['username']}>
      <Form.Item name="username" label="Name" rules={[{ required: true, message: 'Name please' }]}>
        <Input />
      </Form.Item>
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('sends nothing while the form is invalid', async () => {
    const onSubmit = vi.fn(async () => 'Saved');
    renderAt(<Dialog onSubmit={onSubmit} onClose={vi.fn()} />, '/');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name please')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values on Enter, says it worked and closes', async () => {
    const onSubmit = vi.fn(async () => 'Saved it');
    const onClose = vi.fn();
    renderAt(<Dialog onSubmit={onSubmit} onClose={onClose} />, '/');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ann' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Rename' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ username: 'ann' });
    expect(await screen.findByText('Saved it')).toBeInTheDocument();
  });

  it('puts a server error about a field under that field and stays open', async () => {
    const onSubmit = vi.fn(async () => Promise.reject(new HttpError(ErrorCode.USERNAME_TAKEN, 'That name is taken')));
    const onClose = vi.fn();
    renderAt(<Dialog onSubmit={onSubmit} onClose={onClose} />, '/');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ann' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('useLoadedValues', () => {
  function Loading() {
    const [loaded, setLoaded] = useState<{ name: string }>();
    return (
      <>
        <button type="button" onClick={() => setLoaded({ name: loaded ? 'cid' : 'ann' })}>
          load
        </button>
        <Dialog onSubmit={async () => ''} onClose={() => undefined} loaded={loaded} />
      </>
    );
  }

  it('fills the form with loaded values until the user edits it', async () => {
    renderAt(<Loading />, '/');
    const name = screen.getByLabelText('Name');
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(name).toHaveValue('ann'));
    fireEvent.change(name, { target: { value: 'bea' } });
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(name).toHaveValue('bea');
  });
});
