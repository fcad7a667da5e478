import RTSHTesting
import Testing

/// Every recorded session is a test case of its own; `swift test` names each by its file.
@Test(arguments: Transcripts.files(in: "Tests/Sessions"))
func sessionReplays(_ transcript: TranscriptFile) async {
    await Transcripts.replay(transcript)
}
