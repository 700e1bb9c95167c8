import "server-only";

/** Uploads: local disk under .data/uploads by default, UploadThing when UPLOADTHING_TOKEN is set. */
export { deleteStoredImages, storedImageUrls, storeUploadedImage, storeUploadedImages, withStoredPhotos, MAX_IMAGE_SIDE, type StoredImage } from "@/lib/storage/store-image";
export { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, notAnImageMessage, tooLargeMessage } from "@/lib/storage/image-check";
export { filesFromForm, formWithFiles } from "@/lib/storage/form-files";
