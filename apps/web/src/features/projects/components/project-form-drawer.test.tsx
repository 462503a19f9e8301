import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt, reply, serve } from '../../../components/test-utils';
import { resetToken, setToken } from '../../../lib/auth/session';
import { resetHttpState } from '../../../lib/http';
import i18n from '../../../lib/i18n';
import { ProjectFields, type ProjectFormValues, toBody, toFormValues } from './project-form-drawer';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  resetHttpState();
  resetToken();
  setToken('tok-creator');
  serve({ '/api/home_page/tag_list': () => reply(200, [{ id: 1, name: 'museum' }]) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Harness({ onValid }: { onValid(v: ProjectFormValues): void }) {
  const [form] = Form.useForm<ProjectFormValues>();
  return (
    <Form form={form} layout="vertical" initialValues={toFormValues()}>
      <ProjectFields />
      <Button onClick={() => form.validateFields().then(onValid, () => undefined)}>check</Button>
    </Form>
  );
}

describe('project form rules (spec section 5)', () => {
  it('requires name, type, catalog, description, keywords and cover', async () => {
    const onValid = vi.fn();
    renderAt(<Harness onValid={onValid} />, '/vrdata/list');
    await userEvent.click(screen.getByRole('button', { name: 'check' }));
    for (const text of [
      'Please enter the project name',
      'Please choose the catalog',
      'Please choose the type',
      'Please enter the keywords',
      'Please enter the description',
      'Please upload the cover image',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByText('Save the project first, then upload its content here.')).toBeInTheDocument();
  });

  it('requires the price and checks the 0.00 format', async () => {
    renderAt(<Harness onValid={vi.fn()} />, '/vrdata/list');
    const price = screen.getByLabelText('Price (HKD)');
    fireEvent.change(price, { target: { value: '' } });
    expect(await screen.findByText('Please enter the price')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '12.345' } });
    expect(await screen.findByText('The price format is 0.00')).toBeInTheDocument();
    fireEvent.change(price, { target: { value: '12.5' } });
    await waitFor(() => expect(screen.queryByText('The price format is 0.00')).not.toBeInTheDocument());
  });

  it('turns the form values into the call body (price as a number, trimmed text)', () => {
    const body = toBody({
      ...toFormValues(),
      name: ' Gallery ',
      catalog: '360_image',
      type: 'gallery',
      price: '12.50',
      keywords: ' art ',
      description: 'A room',
      cover: '/api/files/public/c.jpg',
      for_sale: true,
    });
    expect(body).toMatchObject({ name: 'Gallery', price: 12.5, keywords: 'art', for_sale: true, images: [], tag_ids: [] });
  });
});
