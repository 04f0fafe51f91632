export * from './useForm';
export * from './FieldError';
export * from './FieldFrame';
export * from './controls';
