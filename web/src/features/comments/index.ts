/** The comments feature's public surface: the post page composes the section. */
export { CommentsSection, type CommentsSectionProps } from './components/comments-section'
