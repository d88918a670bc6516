import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

const inRouter = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('LoginForm', () => {
  it('names the missing fields and sends nothing', async () => {
    const onSubmit = jest.fn();
    inRouter(<LoginForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('email is required')).toBeTruthy();
    expect(screen.getByText('password is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an address that is not an email', async () => {
    const onSubmit = jest.fn();
    inRouter(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'amina.shop.dz');
    await userEvent.type(screen.getByLabelText('Password'), 'whatever');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('email must be a valid email address')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid form, trimmed', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    inRouter(<LoginForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email address'), ' amina@shop.dz ');
    await userEvent.type(screen.getByLabelText('Password'), 'souk-el-fellah');
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'amina@shop.dz', password: 'souk-el-fellah' });
  });

  it('shows the error it is given in the red box above the form', () => {
    inRouter(<LoginForm onSubmit={jest.fn()} error="Login failed" />);
    expect(screen.getByTestId('form-error').textContent).toBe('Login failed');
  });
});

describe('RegisterForm', () => {
  it('requires the name as well, and the server minimum password length', async () => {
    const onSubmit = jest.fn();
    inRouter(<RegisterForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Email address'), 'amina@shop.dz');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('name is required')).toBeTruthy();
    expect(screen.getByText('password must be at least 10 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends isConfirmateur true when the French checkbox is ticked', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    inRouter(<RegisterForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Yacine');
    await userEvent.type(screen.getByLabelText('Email address'), 'yacine@shop.dz');
    await userEvent.type(screen.getByLabelText('Password'), 'appel-client');
    await userEvent.click(screen.getByLabelText("Je m'inscris en tant que confirmateur"));
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Yacine',
      email: 'yacine@shop.dz',
      password: 'appel-client',
      isConfirmateur: true,
    });
  });
});
