/// Figures read from the database while it stayed as it was, by what was asked: the answers under one
/// ``Database/ChangeStamp``, all dropped once the stamp moves (something was committed, by this process or another).
///
/// A list that appears again over posts nothing changed then costs one `PRAGMA data_version` instead of its
/// statements. At most `capacity` answers are kept; one more starts afresh.
struct StampedReads<Question: Hashable, Answer> {
    /// The most answers kept under one stamp.
    let capacity: Int
    private var stamp: Database.ChangeStamp?
    private var answers: [Question: Answer] = [:]

    /// Keeps at most `capacity` answers.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The answer to `question` read under `stamp`, or `nil` when it was not read since the database last changed.
    func answer(to question: Question, at stamp: Database.ChangeStamp) -> Answer? {
        self.stamp == stamp ? answers[question] : nil
    }

    /// Keeps `answer` to `question`, read under `stamp`, which the caller read before it read the answer: a commit
    /// in between moves the stamp again, and the next question is read anew.
    mutating func keep(_ answer: Answer, to question: Question, at stamp: Database.ChangeStamp) {
        if self.stamp != stamp || answers.count >= capacity {
            self.stamp = stamp
            answers.removeAll(keepingCapacity: true)
        }
        answers[question] = answer
    }
}
