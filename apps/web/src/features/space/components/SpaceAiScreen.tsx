// `/space/:spaceId/ai`: the space's AI chat, built in features/ai; the route and its tab are the
// space view's.
export { AiChatScreen as SpaceAiScreen } from '../../ai/components/AiChatScreen';
