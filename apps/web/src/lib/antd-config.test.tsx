import { render, screen } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { ANTD_COMPONENTS } from './antd-config';

describe('antd component settings', () => {
  it('renders a two-character Chinese button without an inserted space', () => {
    render(
      <ConfigProvider {...ANTD_COMPONENTS}>
        <Button>注册</Button>
      </ConfigProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('注册');
  });
});
