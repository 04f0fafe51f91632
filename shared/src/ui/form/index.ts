export * from './useForm';
export * from './FieldError';
export * from './controls';
