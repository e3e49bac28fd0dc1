/** antd's static toasts, for notices raised with no <FeedbackBridge/> mounted; loaded by feedback() on first use. */
export { message, notification } from 'antd';
