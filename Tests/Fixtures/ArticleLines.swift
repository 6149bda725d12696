/// Lines from the source articles (../shared/articles), one per language, for the text tests.
public enum ArticleLines {
    public static let german = "Schreiben einer Snapchat-Benutzeroberfläche auf Swift"
    public static let chinese = "在Swift上编写Snapchat UI"
    public static let arabic = "مرحبا يا هبر! الجميع يحب التطبيقات المستجيبة."
    public static let thai = "เจาะลึกการออกแบบการเคลื่อนไหว: การเปลี่ยน iOS ขั้นสูง"
    /// Four scripts in one line: no font has them all, so fallback must find each.
    public static let mixed = "Übergang 转场 الانتقال การเปลี่ยน"
    /// Thai has no spaces between words; the words of this sentence, in order, for checking line breaks.
    public static let thaiWords = ["ความคิด", "สร้างสรรค์", "นำ", "มา", "ซึ่ง", "ความ", "ปรารถนา", "อย่าง", "ต่อเนื่อง",
                            "ที่", "จะ", "สร้าง", "ความ", "ประทับใจ"]
}
