export { UploadField, type UploadFieldProps } from './upload-field';
export { ImageField, type ImageFieldProps, type PickedImage } from './image-field';
export { IMAGE_ACCEPT, IMAGE_TYPES, MAX_UPLOAD_BYTES, fileProblem, fileSize, imageProblem } from './upload-rules';
